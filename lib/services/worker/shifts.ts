import { and, asc, count, desc, eq, gt, inArray, lte, ne, type SQL } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { BOOKED_STATUSES, HOURS_STATUSES, statusAsOf } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx } from "../context";
import { offsetOf, pageInput, pageMeta, type Page, type PageMeta } from "../pagination";
import { flag } from "../params";
import { parseInput } from "../validate";
import { statusInAsOf } from "../applications/as-of";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";
import { checkInOpensAt, checkInWindow } from "./check-in-window";
import {
  toPastShift,
  toWorkerShift,
  workerShiftQuery,
  type PastShift,
  type WorkerShift,
} from "./rows";

export const workerShiftsInput = pageInput(10);

/** Upcoming shifts the worker holds or is asked for (the "my" tab). */
export const MY_STATUSES = [
  "Booked",
  "Request accepted",
  "Requested",
] as const satisfies readonly ApplicationStatus[];
/** Upcoming shifts the worker waits on an answer for (the "pending" tab). */
export const PENDING_STATUSES = [
  "Applied",
  "Reserve",
] as const satisfies readonly ApplicationStatus[];

const a = schema.applications;
const s = schema.shifts;
const j = schema.jobs;

/**
 * Which of the worker's own applications a list holds: in some statuses as of now (an ended
 * Booked place reads as Report!), upcoming (not yet ended) or ended, on live shifts of live jobs
 * (as `countOwn` and `workerShiftQuery` join them). Archived jobs and removed shifts are gone from the lists; a cancelled
 * job stays, with its status, so the worker learns not to turn up.
 */
function ownWhere(
  ctx: Ctx,
  userId: number,
  statuses: readonly ApplicationStatus[],
  when: "upcoming" | "ended",
): SQL {
  return and(
    eq(a.assigneeId, userId),
    statusInAsOf(statuses, ctx.now),
    when === "upcoming" ? gt(s.endsAt, ctx.now) : lte(s.endsAt, ctx.now),
  )!;
}

/** How many applications a list holds: the one count its pages and its badge both show. */
async function countOwn(ctx: Ctx, where: SQL): Promise<number> {
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(a)
    .innerJoin(s, liveShiftOfApplication)
    .innerJoin(j, liveJobOfShift)
    .where(where);
  return Number(total);
}

/** The worker's own applications of a list, paged: one count and one page query. */
async function ownApplications(
  ctx: Ctx,
  raw: unknown,
  statuses: readonly ApplicationStatus[],
  when: "upcoming" | "ended",
): Promise<{ rows: Awaited<ReturnType<typeof workerShiftQuery>>; meta: PageMeta }> {
  const actor = requireUser(ctx);
  const { page, perPage } = parseInput(workerShiftsInput, raw);
  const where = ownWhere(ctx, actor.userId, statuses, when);
  const [total, rows] = await sideBySide(
    ctx.db,
    () => countOwn(ctx, where),
    () =>
      workerShiftQuery(ctx.db)
        .where(where)
        .orderBy(
          when === "upcoming" ? asc(s.startsAt) : desc(s.startsAt),
          when === "upcoming" ? asc(a.id) : desc(a.id),
        )
        .limit(perPage)
        .offset(offsetOf(page, perPage)),
  );
  return {
    rows: rows.map((r) => ({ ...r, status: statusAsOf(r.status, r.endsAt, ctx.now) })),
    meta: pageMeta(page, perPage, total),
  };
}

/** What waits for the worker on the Past tab: ended shifts whose hours are due (Report!). */
const TO_REPORT = ["Report!"] as const satisfies readonly ApplicationStatus[];

/**
 * The Past tab's badge: how many shifts wait for the worker's hours (every "Report!" shift).
 * The same query counts `pastShifts` with `to_report`, so the badge and the list agree.
 */
export async function shiftsToReport(ctx: Ctx): Promise<number> {
  requirePermission(ctx, "my_dashboard_access");
  const actor = requireUser(ctx);
  return countOwn(ctx, ownWhere(ctx, actor.userId, TO_REPORT, "ended"));
}

/** GET my-dashboard/my-shifts: upcoming Booked, Request accepted and Requested, soonest first. */
export async function myShifts(ctx: Ctx, raw: unknown = {}): Promise<Page<WorkerShift>> {
  requirePermission(ctx, "my_dashboard_access");
  const { rows, meta } = await ownApplications(ctx, raw, MY_STATUSES, "upcoming");
  return { items: rows.map((r) => toWorkerShift(r, ctx.now)), meta };
}

/** GET my-dashboard/pending-shifts: upcoming Applied and Reserve, soonest first. */
export async function pendingShifts(ctx: Ctx, raw: unknown = {}): Promise<Page<WorkerShift>> {
  requirePermission(ctx, "my_dashboard_access");
  const { rows, meta } = await ownApplications(ctx, raw, PENDING_STATUSES, "upcoming");
  return { items: rows.map((r) => toWorkerShift(r, ctx.now)), meta };
}

/** The Past tab: `to_report` narrows it to the shifts whose hours are due. */
export const pastShiftsInput = workerShiftsInput.extend({ to_report: flag });

/**
 * GET my-dashboard/past-shifts: ended shifts whose hours are due (Report!), reported or
 * approved, latest first, with the hours; with `to_report`, only those whose hours are due (as
 * many as the tab's badge counts, `shiftsToReport`). An ended Booked shift reads as Report! at
 * once, without waiting for the background sweep.
 */
export async function pastShifts(ctx: Ctx, raw: unknown = {}): Promise<Page<PastShift>> {
  requirePermission(ctx, "my_dashboard_access");
  const { to_report, ...paging } = parseInput(pastShiftsInput, raw ?? {});
  const statuses = to_report ? TO_REPORT : HOURS_STATUSES;
  const { rows, meta } = await ownApplications(ctx, paging, statuses, "ended");
  return { items: rows.map((r) => toPastShift(r, ctx.now)), meta };
}

export interface NextShift extends WorkerShift {
  /** The check-in window is open now and the worker has not checked in yet. */
  can_check_in: boolean;
  check_in_opens_at: string;
  /** The shift has started and not ended: "Your current shift". */
  running: boolean;
  /** Running, checked in, and not checked out yet. */
  can_check_out: boolean;
}

/**
 * GET getNextShift: the worker's next Booked or Request accepted shift that has not ended
 * (the one under way first), on a job that is not cancelled; null when there is none.
 */
export async function nextShift(ctx: Ctx): Promise<NextShift | null> {
  requirePermission(ctx, "my_dashboard_access");
  const actor = requireUser(ctx);
  const [row] = await workerShiftQuery(ctx.db)
    .where(
      and(
        eq(a.assigneeId, actor.userId),
        inArray(a.status, [...BOOKED_STATUSES]),
        gt(s.endsAt, ctx.now),
        ne(j.status, "Cancelled"),
      ),
    )
    .orderBy(asc(s.startsAt), asc(a.id))
    .limit(1);
  if (!row) return null;
  const running = row.startsAt.getTime() <= ctx.now.getTime();
  return {
    ...toWorkerShift(row, ctx.now),
    can_check_in: !row.checkInAt && checkInWindow(ctx.now, row.startsAt, row.endsAt) === "open",
    check_in_opens_at: isoInZone(checkInOpensAt(row.startsAt), row.timeZone),
    running,
    can_check_out: running && Boolean(row.checkInAt) && !row.checkOutAt,
  };
}

import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { formatRange } from "@/lib/domain/format";
import type { Actor } from "../actor-types";
import { liveJobOfShift, liveShiftOfApplication } from "./on-live-shifts";

/** A shift someone may be booked on, with the rest its country asks for around it. */
export interface TargetShift {
  shiftId: number;
  startsAt: Date;
  endsAt: Date;
  restHours: number;
}

/**
 * A clash between a worker's other booking and a target shift: `overlap` (both at the same
 * time: refused, 409) or `rest` (less rest between them than the country asks: a warning the
 * booker may override with `closely`, 410).
 */
export interface Conflict {
  kind: "overlap" | "rest";
  workerId: number;
  targetShiftId: number;
  other: {
    applicationId: number;
    shiftId: number;
    jobName: string;
    companyId: number;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
  };
}

const HOUR = 3_600_000;

/** A worker's held place near the target shifts, as `findConflicts` compares it. */
export interface HeldPlace {
  applicationId: number;
  workerId: number;
  shiftId: number;
  startsAt: Date;
  endsAt: Date;
  jobName: string;
  companyId: number;
  timeZone: string;
}

/**
 * Which held places can clash: the workers' (`workerIds`) filled applications on live shifts of
 * live, uncancelled jobs between two instants (`from`, `to`: `clashWindow`). Joined to shifts, jobs
 * and countries; the booking's fill check reads them inside its one statement (fill.ts). Written
 * when a statement is built (a function), so a list of one worker is `= $1` (`anyOf`).
 */
export const heldPlacesAround = () =>
  and(
    anyOf(schema.applications.assigneeId, "workerIds"),
    inArray(schema.applications.status, [...FILLED_STATUSES]),
    // A literal, not a parameter: in a generic plan (the booking's) `status <> $n` is estimated
    // from the number of distinct statuses alone, and a table whose jobs all share one status
    // estimates no live job: the plan then walks every job's shifts (2.3 ms a booking in the
    // bench's fresh database, 0.24 ms with the literal, issue 27).
    sql`${schema.jobs.status} <> 'Cancelled'`,
    lt(schema.shifts.startsAt, sql.placeholder("to")),
    gt(schema.shifts.endsAt, sql.placeholder("from")),
  )!;

/** The workers' held places on live shifts of live jobs between two instants. */
const bookingsAround = precompiled<
  { workerIds: number[]; from: Date; to: Date },
  ReturnType<typeof bookingsAroundQuery>
>("applications_bookings_around", (db) => bookingsAroundQuery(db));
function bookingsAroundQuery(db: DbOrTx) {
  return db
    .select({
      applicationId: schema.applications.id,
      workerId: schema.applications.assigneeId,
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      jobName: schema.jobs.name,
      companyId: schema.jobs.companyId,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.applications)
    .innerJoin(schema.shifts, liveShiftOfApplication)
    .innerJoin(schema.jobs, liveJobOfShift)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(heldPlacesAround());
}

/** From the earliest target's start to the latest's end, widened by the longest rest asked. */
export function clashWindow(targets: TargetShift[]): { from: Date; to: Date } {
  const maxRest = Math.max(...targets.map((t) => t.restHours)) * HOUR;
  return {
    from: new Date(Math.min(...targets.map((t) => t.startsAt.getTime())) - maxRest),
    to: new Date(Math.max(...targets.map((t) => t.endsAt.getTime())) + maxRest),
  };
}

/**
 * Every conflict of some workers with some target shifts, in one query: the workers' filled
 * applications on live shifts of live, uncancelled jobs near the targets. `ignoreShiftIds` are
 * left out (the shift an application moves away from, or the target itself).
 */
export async function findConflicts(
  db: DbOrTx,
  workerIds: number[],
  targets: TargetShift[],
  ignoreApplicationIds: number[] = [],
): Promise<Conflict[]> {
  if (!workerIds.length || !targets.length) return [];
  const rows = await bookingsAround(db, { workerIds, ...clashWindow(targets) });
  return conflictsWith(rows, targets, ignoreApplicationIds);
}

/** The clashes of held places (read in `clashWindow`) with the target shifts. */
export function conflictsWith(
  rows: HeldPlace[],
  targets: TargetShift[],
  ignoreApplicationIds: number[] = [],
): Conflict[] {
  const ignored = new Set(ignoreApplicationIds);
  const out: Conflict[] = [];
  for (const r of rows) {
    if (ignored.has(r.applicationId)) continue;
    for (const t of targets) {
      if (r.shiftId === t.shiftId) continue;
      const s = r.startsAt.getTime();
      const e = r.endsAt.getTime();
      const ts = t.startsAt.getTime();
      const te = t.endsAt.getTime();
      const rest = t.restHours * HOUR;
      const other = {
        applicationId: r.applicationId,
        shiftId: r.shiftId,
        jobName: r.jobName,
        companyId: r.companyId,
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        timeZone: r.timeZone,
      };
      if (s < te && e > ts)
        out.push({ kind: "overlap", workerId: r.workerId, targetShiftId: t.shiftId, other });
      else if (s < te + rest && e > ts - rest)
        out.push({ kind: "rest", workerId: r.workerId, targetShiftId: t.shiftId, other });
    }
  }
  return out;
}

/** "Summer Festival 24/11/2026 18:00 – 02:00" */
export const otherShiftLabel = (c: Conflict): string =>
  `${c.other.jobName} ${formatRange(c.other.startsAt, c.other.endsAt, c.other.timeZone)}`;

/**
 * The company whose jobs a viewer may know about, for `conflictMessage`: a client contact's own
 * (bookable.ts does the same with its actor); undefined for the office and the system.
 */
export function viewerCompanyOf(actor: Actor | null | undefined): number | null | undefined {
  return actor?.kind === "user" && actor.isClient ? actor.companyId : undefined;
}

/**
 * The clash in words. `viewerCompanyId` is set for a client contact: another company's job is
 * then not named (its name and times are not theirs to know), only that there is a clash.
 */
export function conflictMessage(
  c: Conflict,
  workerName: string,
  restHours: number,
  viewerCompanyId?: number | null,
): string {
  if (viewerCompanyId !== undefined && c.other.companyId !== viewerCompanyId)
    return c.kind === "overlap"
      ? `${workerName} is already booked elsewhere at the same time.`
      : `${workerName} has another booking that leaves less than ${restHours} hours of rest. Book anyway?`;
  return c.kind === "overlap"
    ? `${workerName} is already booked on ${otherShiftLabel(c)} at the same time.`
    : `${workerName} is booked on ${otherShiftLabel(c)}, which leaves less than ${restHours} hours of rest. Book anyway?`;
}

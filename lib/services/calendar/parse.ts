import { z } from "zod";
import { and, eq, exists, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { calendarRange, type LocalDay } from "@/lib/domain/calendar";
import { FILLED_STATUSES, type JobStatus } from "@/lib/domain/statuses";
import { isValidTimeZone, toLocal } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { flag, idList, optionalId } from "../params";
import { parseInput } from "../validate";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { jobScope, ownJob } from "../jobs/scope";

/**
 * The calendar's input, who looks and what they may see (calendar-jobs and calendar/shifts):
 * parseCalendar checks the permission, reads the range and builds the WHERE of the shifts and
 * jobs a caller may see with its filters; query.ts reads the rows with it.
 */
const dateText = z
  .string({ error: "Use a date written YYYY-MM-DD." })
  .max(40, "Use a date written YYYY-MM-DD.")
  .optional()
  .describe("YYYY-MM-DD, a day in the calendar's time zone (both ends included)");

export const calendarFilterInput = z
  .object({
    country_id: optionalId.describe("Only jobs of this country"),
    branches: idList.describe("Only jobs bookable from one of these branches (1,2,3)"),
    companies: idList.describe("Only jobs of these client companies (1,2,3)"),
    own: flag.describe("Only jobs the caller manages, books or created"),
  })
  .optional()
  .default({});

export const calendarInput = z.object({
  startDate: dateText,
  endDate: dateText,
  time_zone: z
    .string({ error: "Use an IANA time zone such as Europe/London." })
    .max(64, "Use an IANA time zone such as Europe/London.")
    .optional()
    .describe("IANA zone the days are read in; default: the filtered country's, else the caller's"),
  userId: optionalId.describe("Only shifts this user is booked on (a worker: only itself)"),
  filter: calendarFilterInput,
});
export type CalendarInput = z.input<typeof calendarInput>;

/** Draft and Cancelled jobs: the office sees them, clients and workers do not (decision, issue 25). */
const OFFICE_ONLY: JobStatus[] = ["Draft", "Cancelled"];

export type CalendarViewer =
  | { kind: "office"; userId: number }
  | { kind: "client"; userId: number; companyId: number | null }
  | { kind: "worker"; userId: number };

/** Who looks: the office (job_view, not a client), a client contact, or anyone else (a worker). */
export function calendarViewer(actor: UserActor): CalendarViewer {
  if (actor.isClient) return { kind: "client", userId: actor.userId, companyId: actor.companyId };
  if (actor.permissions.has("job_view")) return { kind: "office", userId: actor.userId };
  return { kind: "worker", userId: actor.userId };
}

export interface ParsedCalendar {
  viewer: CalendarViewer;
  start: LocalDay;
  end: LocalDay;
  timeZone: string | null;
  countryId: number | null;
  /** What the caller may see with these filters: on the job alone, and on the shift. */
  jobWhere: SQL;
  shiftWhere: SQL;
  where: SQL;
  /** jobWhere is only "the job is live" (the office without filters): every live job is seen. */
  everyLiveJob: boolean;
  /** shiftWhere is only "the shift is live" (no userId; not a worker): every live shift is seen. */
  everyLiveShift: boolean;
}

/** Permission, input, range and the WHERE of the shifts a caller may see with these filters. */
export function parseCalendar(ctx: Ctx, raw: unknown): ParsedCalendar {
  requirePermission(ctx, "calendar_access");
  const actor = requireUser(ctx);
  const input = parseInput(calendarInput, raw ?? {});
  const viewer = calendarViewer(actor);
  if (input.time_zone !== undefined && !isValidTimeZone(input.time_zone))
    throw new ValidationError("Use an IANA time zone such as Europe/London.", {
      time_zone: ["Use an IANA time zone such as Europe/London."],
    });
  const today = toLocal(ctx.now, input.time_zone ?? AGENCY_TIME_ZONE);
  const range = calendarRange(input.startDate, input.endDate, today);
  if (!range.ok) throw new ValidationError(range.message, { [range.field]: [range.message] });
  if (viewer.kind === "worker" && input.userId && input.userId !== viewer.userId)
    throw new ForbiddenError("You can only see your own shifts.");

  const f = input.filter;
  const filled = (userId: number) =>
    sql`exists (select 1 from applications a where a.shift_id = ${schema.shifts.id} and a.assignee_id = ${userId} and a.status in (${sql.join(
      FILLED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
  const jobWhere = and(
    viewer.kind === "worker" ? isNull(schema.jobs.deletedAt) : jobScope(actor),
    viewer.kind === "office" ? undefined : notInArray(schema.jobs.status, OFFICE_ONLY),
    f.country_id ? eq(schema.jobs.countryId, f.country_id) : undefined,
    f.companies?.length ? inArray(schema.jobs.companyId, f.companies) : undefined,
    f.own ? ownJob(actor.userId) : undefined,
    f.branches?.length ? branchesFilter(ctx.db, f.branches) : undefined,
  )!;
  const shiftWhere = and(
    isNull(schema.shifts.deletedAt),
    viewer.kind === "worker" ? filled(viewer.userId) : undefined,
    input.userId ? filled(input.userId) : undefined,
  )!;
  return {
    viewer,
    start: range.start,
    end: range.end,
    timeZone: input.time_zone ?? null,
    countryId: f.country_id ?? null,
    jobWhere,
    shiftWhere,
    where: and(shiftWhere, jobWhere)!,
    everyLiveJob:
      viewer.kind === "office" &&
      !f.country_id &&
      !f.companies?.length &&
      !f.own &&
      !f.branches?.length,
    everyLiveShift: viewer.kind !== "worker" && !input.userId,
  };
}

function branchesFilter(db: DbOrTx, branches: number[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(schema.jobBranches)
      .where(
        and(
          eq(schema.jobBranches.jobId, schema.jobs.id),
          inArray(schema.jobBranches.branchId, branches),
        ),
      ),
  );
}

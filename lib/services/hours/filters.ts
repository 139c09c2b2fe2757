import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { parseDate } from "@/lib/domain/format";
import { addDays } from "@/lib/domain/time";
import { statusInAsOf } from "../applications/as-of";
import type { Ctx, UserActor } from "../context";
import { ValidationError } from "../errors";
import { jobScope } from "../jobs/scope";
import { APPROVAL_TABS, type ApprovalsListInput } from "./schemas";

/** Crew boss of the row's shift: `approval_access` without `job_view` reaches only these. */
export const bossOf = (userId: number) =>
  sql<boolean>`exists (select 1 from ${schema.shiftCrewBosses} where ${schema.shiftCrewBosses.shiftId} = ${schema.shifts.id} and ${schema.shiftCrewBosses.userId} = ${userId})`;

/** What an approver may see: the jobs of their scope, and the shifts they lead as crew boss. */
export function approvalScope(actor: UserActor): SQL {
  const byJobs = actor.permissions.has("job_view") ? jobScope(actor) : undefined;
  return and(isNull(schema.jobs.deletedAt), or(byJobs, bossOf(actor.userId)))!;
}

/** A DD/MM/YYYY day as the instant it starts in the row's job zone (SQL), or 422. */
function dayStart(value: string, field: "from" | "to", nextDay = false): SQL {
  let d = parseDate(value);
  if (!d) {
    const message = "Use a real date as DD/MM/YYYY.";
    throw new ValidationError(message, { [`filter.${field}`]: [message] });
  }
  if (nextDay) d = addDays(d, 1);
  const local = `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")} 00:00:00`;
  return sql`(${local}::timestamp at time zone ${schema.countries.timeZone})`;
}

/**
 * The rows of an approvals list (tab, job, company, shift dates) in the viewer's scope, over
 * applications ⋈ shifts ⋈ jobs ⋈ countries; shared by the list and "Approve all that match".
 */
export function approvalsWhere(ctx: Ctx, actor: UserActor, f: ApprovalsListInput["filter"]): SQL {
  const status = APPROVAL_TABS[f.status];
  const from = f.from ? dayStart(f.from, "from") : undefined;
  const to = f.to ? dayStart(f.to, "to", true) : undefined;
  if (f.from && f.to) {
    const a = parseDate(f.from)!;
    const b = parseDate(f.to)!;
    if (a.year * 10_000 + a.month * 100 + a.day > b.year * 10_000 + b.month * 100 + b.day) {
      const message = "The end date must not be before the start date.";
      throw new ValidationError(message, { "filter.to": [message] });
    }
  }
  return and(
    approvalScope(actor),
    statusInAsOf([status], ctx.now),
    isNull(schema.shifts.deletedAt),
    f.job_id ? eq(schema.jobs.id, f.job_id) : undefined,
    f.company_id ? eq(schema.jobs.companyId, f.company_id) : undefined,
    from ? sql`${schema.applications.shiftStartsAt} >= ${from}` : undefined,
    to ? sql`${schema.applications.shiftStartsAt} < ${to}` : undefined,
  )!;
}

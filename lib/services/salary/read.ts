import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { decimalHours } from "@/lib/domain/earnings";
import { formatMoney } from "@/lib/domain/money";
import { toMinorUnits } from "@/lib/domain/pricing";
import { lineMinutes, periodLabel, totalsByCurrency } from "@/lib/domain/salary";
import { isoInZone } from "@/lib/domain/time";
import { can, requirePermission, requireUser, type Ctx } from "../context";
import { ForbiddenError } from "../errors";
import { isId } from "../params";
import { parseInput } from "../validate";
import { salaryPeriodInput, salaryReportInput } from "./schemas";

const sl = schema.salaryLines;
const u = schema.users;

/** Lines of work dates in [from, to]. */
export const inPeriod = (from: string, to: string) =>
  and(gte(sl.workDate, from), lte(sl.workDate, to));
/** Lines of the branch or country asked. */
export const place = (f: { branch_id?: number; country_id?: number }) =>
  and(
    f.branch_id ? eq(sl.branchId, f.branch_id) : undefined,
    f.country_id ? eq(sl.countryId, f.country_id) : undefined,
  );

/** A total with its decimal hours and its money label. */
export const withLabels = <T extends { currency_code: string; amount: number; minutes: number }>(
  t: T,
) => ({
  ...t,
  hours: decimalHours(t.minutes),
  label: formatMoney(t.amount, t.currency_code),
});

const OWN_LINES_ONLY = "You may read your own salary lines only.";

/**
 * Before a salary read looks at its query (issue 27): salary_access reads anyone's; a worker
 * (my_dashboard_access) its own only — a user_id naming another is 403 whatever else was sent;
 * anyone else (a client contact, an office member without salary_access) has no salary: 403.
 */
export function assertMaySeeSalaryOf(ctx: Ctx, rawUserId: unknown, message: string): void {
  const actor = requireUser(ctx);
  if (can(ctx, "salary_access")) return;
  if (!actor.permissions.has("my_dashboard_access")) throw new ForbiddenError(message);
  if (isId(rawUserId) && Number(rawUserId) !== actor.userId) throw new ForbiddenError(message);
}

/**
 * GET salaryReport (user_id — or self — or job_id, optional from/to) — one worker's or one job's salary
 * lines, oldest first, with totals per currency and, for a worker, its pay slips of the period.
 * [salary_access]; a worker may read its own (user_id = itself) and nothing else (403).
 */
export async function salaryReport(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  // user_id=self (or me) is the caller: a worker asks for its own lines without knowing its id.
  const given = (raw ?? {}) as Record<string, unknown>;
  const self = given.user_id === "self" || given.user_id === "me";
  // Who may, before the query is read (issue 27): without salary_access only one's own lines,
  // and only a worker has any.
  assertMaySeeSalaryOf(ctx, self ? actor.userId : given.user_id, OWN_LINES_ONLY);
  const input = parseInput(salaryReportInput, self ? { ...given, user_id: actor.userId } : given);
  const own = input.user_id === actor.userId;
  if (!can(ctx, "salary_access") && !own) throw new ForbiddenError(OWN_LINES_ONLY);
  const where = and(
    input.user_id ? eq(sl.userId, input.user_id) : eq(sl.jobId, input.job_id!),
    input.from && input.to ? inPeriod(input.from, input.to) : undefined,
  );
  const [lines, slips] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          line: sl,
          worker: u.name,
          skill: schema.skills.name,
          job: schema.jobs.name,
          timeZone: schema.countries.timeZone,
        })
        .from(sl)
        .innerJoin(u, eq(u.id, sl.userId))
        .innerJoin(schema.skills, eq(schema.skills.id, sl.skillId))
        .leftJoin(schema.jobs, eq(schema.jobs.id, sl.jobId))
        .leftJoin(schema.countries, eq(schema.countries.id, sl.countryId))
        .where(where)
        .orderBy(asc(sl.workDate), asc(sl.startsAt), asc(sl.id)),
    () =>
      input.user_id
        ? ctx.db
            .select()
            .from(schema.paySlips)
            .where(
              and(
                eq(schema.paySlips.userId, input.user_id),
                input.from && input.to
                  ? and(
                      lte(schema.paySlips.periodFrom, input.to),
                      gte(schema.paySlips.periodTo, input.from),
                    )
                  : undefined,
              ),
            )
            .orderBy(desc(schema.paySlips.periodFrom))
        : Promise.resolve([]),
  );
  return {
    user_id: input.user_id ?? null,
    job_id: input.job_id ?? null,
    from: input.from ?? null,
    to: input.to ?? null,
    lines: lines.map(({ line: l, worker, skill, job, timeZone }) => {
      const zone = timeZone ?? "UTC";
      return {
        id: l.id,
        user_id: l.userId,
        worker,
        job_id: l.jobId,
        job,
        shift_id: l.shiftId,
        skill_id: l.skillId,
        skill,
        branch_id: l.branchId,
        country_id: l.countryId,
        work_date: l.workDate,
        start: isoInZone(l.startsAt, zone),
        end: isoInZone(l.endsAt, zone),
        currency_code: l.currencyCode.trim(),
        minutes: { standard: l.standardMinutes, weekend: l.weekendMinutes, night: l.nightMinutes },
        hours: decimalHours(lineMinutes(l)),
        rates: { standard: l.standardRate, weekend: l.weekendRate, night: l.nightRate },
        rate_source: l.rateSource,
        amount: l.amount,
        label: formatMoney(l.amount, l.currencyCode.trim()),
        status: l.status,
        pay_slip_id: l.paySlipId,
        paid_at: l.paidAt?.toISOString() ?? null,
      };
    }),
    totals: totalsByCurrency(lines.map((r) => r.line)).map(withLabels),
    pay_slips: slips.map((s) => ({
      id: s.id,
      period_from: s.periodFrom,
      period_to: s.periodTo,
      period: periodLabel(s.periodFrom, s.periodTo),
      totals: s.totals,
      minutes: s.minutesWorked,
      paid_at: s.paidAt?.toISOString() ?? null,
    })),
  };
}

/**
 * POST salary-reports-summary (from, to, branch_id or country_id) [salary_access]: the period's
 * lines added up per currency, branch and skill, with minutes and amounts per band (each band's
 * exact sum rounded once) and what of it is paid; and totals per currency. Never across
 * currencies. One query.
 */
export async function salarySummary(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "salary_access");
  const input = parseInput(salaryPeriodInput, raw ?? {});
  const exact = (m: SQL, rate: SQL) =>
    sql<number>`sum(${m}::bigint * ${rate})::bigint`.mapWith(Number);
  const rows = await ctx.db
    .select({
      currencyCode: sl.currencyCode,
      branchId: sl.branchId,
      branch: schema.branches.name,
      skillId: sl.skillId,
      skill: schema.skills.name,
      lines: sql<number>`count(*)::int`,
      standardMinutes: sql<number>`sum(${sl.standardMinutes})::int`,
      weekendMinutes: sql<number>`sum(${sl.weekendMinutes})::int`,
      nightMinutes: sql<number>`sum(${sl.nightMinutes})::int`,
      standardExact: exact(sql`${sl.standardMinutes}`, sql`${sl.standardRate}`),
      weekendExact: exact(
        sql`${sl.weekendMinutes}`,
        sql`coalesce(${sl.weekendRate}, ${sl.standardRate})`,
      ),
      nightExact: exact(
        sql`${sl.nightMinutes}`,
        sql`coalesce(${sl.nightRate}, ${sl.standardRate})`,
      ),
      amount: sql<number>`sum(${sl.amount})::bigint`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${sl.amount}) filter (where ${sl.status} = 'paid'), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(sl)
    .innerJoin(schema.skills, eq(schema.skills.id, sl.skillId))
    .leftJoin(schema.branches, eq(schema.branches.id, sl.branchId))
    .where(and(inPeriod(input.from, input.to), place(input)))
    .groupBy(sl.currencyCode, sl.branchId, schema.branches.name, sl.skillId, schema.skills.name)
    .orderBy(asc(sl.currencyCode), asc(schema.branches.name), asc(schema.skills.name));
  const groups = rows.map((r) => ({
    currency_code: r.currencyCode.trim(),
    branch_id: r.branchId,
    branch: r.branch,
    skill_id: r.skillId,
    skill: r.skill,
    lines: r.lines,
    bands: {
      standard: { minutes: r.standardMinutes, amount: toMinorUnits(r.standardExact) },
      weekend: { minutes: r.weekendMinutes, amount: toMinorUnits(r.weekendExact) },
      night: { minutes: r.nightMinutes, amount: toMinorUnits(r.nightExact) },
    },
    minutes: r.standardMinutes + r.weekendMinutes + r.nightMinutes,
    amount: r.amount,
    paid_amount: r.paid,
  }));
  const totals = totalsByCurrency(rows.map((r) => ({ ...r, currencyCode: r.currencyCode }))).map(
    (t) => ({
      ...withLabels(t),
      paid_amount: groups
        .filter((g) => g.currency_code === t.currency_code)
        .reduce((s, g) => s + g.paid_amount, 0),
    }),
  );
  return {
    from: input.from,
    to: input.to,
    period: periodLabel(input.from, input.to),
    groups,
    totals,
  };
}

import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { effectiveRate, rateKind, salaryLine, type SalaryLineDraft } from "@/lib/domain/salary";
import { jobCalendars } from "../holidays/calendar";
import type { WorkerRate } from "../rates/lookup";
import { workerRatesOnJobs } from "../rates/worker-pay";
import { MissingRatesError } from "../errors";

/**
 * The approved hours a salary scope pays, and their prices (issue 24): which reports a scope
 * covers (approved, in the period by the shift's local date in the job's zone, no paid line,
 * in the branch, country, workers or job asked), each priced with the worker rate that applied
 * on its job (`workerRatesOnJobs`, the lookup every screen uses) by the one engine
 * (lib/domain/salary.ts → pricing.ts), and the skills whose hours no rate pays. No writes:
 * lines.ts writes the lines.
 */

export interface SalaryScope {
  periodFrom: string;
  periodTo: string;
  branchId?: number | null;
  countryId?: number | null;
  userIds?: number[] | null;
  jobId?: number | null;
  runId?: number | null;
  /** A zero job or custom rate is replaced by the card rate (lib/domain/salary.ts). */
  replaceZero?: boolean;
  /** Hours without a rate refuse the whole computation (410 MissingRates), nothing written. */
  refuseMissing?: boolean;
}

export interface MissingRate {
  skill_id: number;
  skill: string;
  workers: { id: number; name: string }[];
  /** Hours whose rate pays 0 (a zero job or custom rate the card cannot replace). */
  zero: boolean;
}

const rh = schema.reportedHours;
const a = schema.applications;
const slot = schema.shiftSlots;
const sh = schema.shifts;
const j = schema.jobs;
const c = schema.countries;
const sl = schema.salaryLines;

/** The shift's local date in the job's zone, in SQL (what periods are cut by). */
const workDateSql = sql`(${sh.startsAt} at time zone ${c.timeZone})::date`;

/** A job priced by the branch: its company's default branch, or one of its booking branches. */
const jobOfBranch = (branchId: number) => sql`(
  exists (select 1 from ${schema.jobBranches} jb where jb.job_id = ${j.id} and jb.branch_id = ${branchId})
  or exists (select 1 from ${schema.companies} co where co.id = ${j.companyId} and co.default_branch_id = ${branchId}))`;

/**
 * A select from reported_hours joined to what prices them (application, slot, shift, job, its
 * country, the worker and the skill), narrowed to the reports a scope pays: approved, in the
 * period (the shift's local date), no paid line, in the scope.
 */
function hoursOfScope<T extends PgSelect>(query: T, scope: SalaryScope) {
  return query
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(slot, eq(slot.id, rh.shiftSlotId))
    .innerJoin(sh, eq(sh.id, slot.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(c, eq(c.id, j.countryId))
    .innerJoin(schema.users, eq(schema.users.id, a.assigneeId))
    .innerJoin(schema.skills, eq(schema.skills.id, slot.skillId))
    .where(
      and(
        isNotNull(rh.approvedAt),
        sql`${workDateSql} between ${scope.periodFrom}::date and ${scope.periodTo}::date`,
        sql`not exists (select 1 from ${sl} p where p.reported_hours_id = ${rh.id} and p.status = 'paid')`,
        scope.countryId ? eq(j.countryId, scope.countryId) : undefined,
        scope.branchId ? jobOfBranch(scope.branchId) : undefined,
        scope.userIds
          ? inArray(a.assigneeId, scope.userIds.length ? scope.userIds : [0])
          : undefined,
        scope.jobId ? eq(j.id, scope.jobId) : undefined,
      ),
    );
}

/** Approved hours of the scope that have no paid line, with what prices them. One query. */
export async function approvedHoursOf(db: DbOrTx, scope: SalaryScope, lock = false) {
  const base = db
    .select({
      reportedHoursId: rh.id,
      start: rh.startsAt,
      end: rh.endsAt,
      userId: a.assigneeId,
      userName: schema.users.name,
      skillId: slot.skillId,
      skillName: schema.skills.name,
      shiftId: sh.id,
      shiftStart: sh.startsAt,
      jobId: j.id,
      countryId: j.countryId,
      timeZone: c.timeZone,
    })
    .from(rh)
    .$dynamic();
  const query = hoursOfScope(base, scope).orderBy(asc(a.assigneeId), asc(rh.startsAt), asc(rh.id));
  // Writing lines: the applications and their reports held (FOR SHARE, in the hours verbs' lock
  // order: applications before salary lines) so hours changed meanwhile are read as they are
  // once that change commits, never priced from before it.
  return lock ? query.for("share", { of: [a, rh] }) : query;
}

type HoursRow = Awaited<ReturnType<typeof approvedHoursOf>>[number];

/**
 * Prices approved hours into line drafts (no writes). Rows of another branch than the scope's
 * (a job whose pricing branch is not the asked one, though it books from it) are left out.
 */
export async function priceHours(
  db: DbOrTx,
  rows: HoursRow[],
  scope: Pick<SalaryScope, "branchId" | "replaceZero">,
): Promise<{ drafts: SalaryLineDraft[]; missing: MissingRate[]; considered: HoursRow[] }> {
  const { pricing, rateOf } = await workerRatesOnJobs(db, rows);
  const calendars = await jobCalendars(db, pricing.values());
  const drafts: SalaryLineDraft[] = [];
  const missing = missingRates();
  const considered: HoursRow[] = [];
  for (const r of rows) {
    const p = pricing.get(r.jobId);
    if (scope.branchId && p?.branchId !== scope.branchId) continue;
    considered.push(r);
    const { rate, zero } = payingRate(p ? rateOf(r) : undefined, scope.replaceZero ?? false);
    if (!rate) {
      missing.add(r, zero);
      continue;
    }
    drafts.push(
      salaryLine(
        {
          reportedHoursId: r.reportedHoursId,
          userId: r.userId,
          jobId: r.jobId,
          shiftId: r.shiftId,
          skillId: r.skillId,
          shiftStart: r.shiftStart,
          start: r.start,
          end: r.end,
          branchId: p!.branchId,
          countryId: r.countryId,
          timeZone: p!.timeZone,
          isHoliday: calendars.get(r.jobId)!,
        },
        rate,
      ),
    );
  }
  return { drafts, missing: missing.list(), considered };
}

/**
 * The rate that pays the hours, or none and whether a zero rate is why: a zero job or custom
 * rate the card does not replace stops the line (asked, never paid 0).
 */
function payingRate(found: WorkerRate | undefined, replaceZero: boolean) {
  const rate = effectiveRate(found, replaceZero);
  const zero = !!rate && rate.standard === 0 && rateKind(rate.source) !== "card";
  return { rate: zero ? null : rate, zero };
}

type UnpricedWork = { userId: number; userName: string; skillId: number; skillName: string };

/** The skills (with their workers, in the order met) of hours no rate pays, by skill name. */
function missingRates() {
  const missing = new Map<string, MissingRate>();
  return {
    add(r: UnpricedWork, zero: boolean) {
      const key = `${r.skillId}:${zero}`;
      const m = missing.get(key) ?? { skill_id: r.skillId, skill: r.skillName, workers: [], zero };
      if (!m.workers.some((w) => w.id === r.userId))
        m.workers.push({ id: r.userId, name: r.userName });
      missing.set(key, m);
    },
    list: () => [...missing.values()].sort((x, y) => x.skill.localeCompare(y.skill)),
  };
}

/**
 * The skills (with their workers) of the scope's approved, unpaid hours that no worker rate
 * pays: what `priceHours` reports as `missing`, without pricing each report. The rate depends
 * only on the worker, the skill and the job, so one query reads those distinct triples and the
 * one lookup (`workerRatesOnJobs`) decides each: a fixed number of queries and one answer per
 * (worker, job, skill) rather than per report (the MissingRates pre-check of POST salary/all,
 * POST skillsForMissingRates).
 */
export async function missingRatesOf(db: DbOrTx, scope: SalaryScope): Promise<MissingRate[]> {
  const query = db
    .selectDistinct({
      userId: a.assigneeId,
      jobId: j.id,
      skillId: slot.skillId,
      userName: schema.users.name,
      skillName: schema.skills.name,
    })
    .from(rh)
    .$dynamic();
  const work = await hoursOfScope(query, scope).orderBy(
    asc(a.assigneeId),
    asc(j.id),
    asc(slot.skillId),
  );
  const { pricing, rateOf } = await workerRatesOnJobs(db, work);
  const missing = missingRates();
  for (const w of work) {
    const p = pricing.get(w.jobId);
    if (scope.branchId && p?.branchId !== scope.branchId) continue;
    const { rate, zero } = payingRate(p ? rateOf(w) : undefined, scope.replaceZero ?? false);
    if (!rate) missing.add(w, zero);
  }
  return missing.list();
}

/** The workers with approved hours in the scope, by id, with how many reports (one query). */
export async function workersWithHours(
  db: DbOrTx,
  scope: SalaryScope,
): Promise<{ userId: number; hours: number }[]> {
  return db
    .select({ userId: a.assigneeId, hours: sql<number>`count(*)::int` })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(slot, eq(slot.id, rh.shiftSlotId))
    .innerJoin(sh, eq(sh.id, slot.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(c, eq(c.id, j.countryId))
    .where(
      and(
        isNotNull(rh.approvedAt),
        sql`${workDateSql} between ${scope.periodFrom}::date and ${scope.periodTo}::date`,
        scope.countryId ? eq(j.countryId, scope.countryId) : undefined,
        scope.branchId ? jobOfBranch(scope.branchId) : undefined,
      ),
    )
    .groupBy(a.assigneeId)
    .orderBy(asc(a.assigneeId));
}

/** 410 type MissingRates (spec §8) naming the skills and workers whose hours have no rate. */
export function missingRatesError(missing: MissingRate[]): MissingRatesError {
  const named = missing
    .map(
      (m) => `${m.skill}${m.zero ? " (rate 0)" : ""}: ${m.workers.map((w) => w.name).join(", ")}`,
    )
    .join("; ");
  const zero = missing.some((m) => m.zero);
  // `skills` names each skill for a link to the rates (as every MissingRates answer);
  // `details.skills` adds the workers and whether a zero rate was the cause.
  return new MissingRatesError(
    `Some approved hours have no worker rate, so no salary was computed: ${named}. Add the rates under worker rates${zero ? ", or repeat with replaceZero to pay zero rates at the card rate" : ""}.`,
    missing.map((m) => ({ id: m.skill_id, name: m.skill })),
    { skills: missing },
  );
}

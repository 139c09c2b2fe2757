import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { enqueue } from "@/lib/jobs/queue";
import { parseDateEntry, isoOfDay } from "@/lib/domain/time-entry";
import { formatPeriod, salaryPeriodProblem, salaryRunKey } from "@/lib/domain/salary-run-period";
import { logActivity } from "../activity";
import { actorId, requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { optionalId } from "../params";
import { createMonitor } from "../progress/monitors";
import { parseInput } from "../validate";
import { missingRatesError, missingRatesOf } from "./approved-hours";

/** The queue kind and the monitors' kind of a salary run. */
export const SALARY_RUN_KIND = "salary-run" as const;

const day = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .transform((v, c) => {
      const d = v === "" ? null : parseDateEntry(v);
      if (!d) {
        c.addIssue({
          code: "custom",
          message: v === "" ? `The ${field} field is required.` : `The ${field} must be a date.`,
        });
        return z.NEVER;
      }
      return isoOfDay(d);
    });

type Raw = Record<string, unknown> & { filter?: Record<string, unknown> };

/**
 * The period as `from`/`to` (body or query) or `filter[from]`/`filter[to]` (as the salary
 * overview filters it), dates as YYYY-MM-DD or DD/MM/YYYY; the scope as `branch_id` or
 * `country_id`, one of them.
 */
export const startSalaryRunInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const raw = v as Raw;
    const f = raw.filter && typeof raw.filter === "object" ? raw.filter : {};
    return {
      from: raw.from ?? f.from,
      to: raw.to ?? f.to,
      branch_id: raw.branch_id ?? f.branch_id,
      country_id: raw.country_id ?? f.country_id,
    };
  },
  z
    .object({ from: day("from"), to: day("to"), branch_id: optionalId, country_id: optionalId })
    .superRefine((v, c) => {
      const problem = salaryPeriodProblem(v.from, v.to);
      if (problem) c.addIssue({ code: "custom", path: ["to"], message: problem });
    })
    // The scope is checked whatever the dates' errors: a form shows every field's at once.
    .refine((v) => !v || v.branch_id !== undefined || v.country_id !== undefined, {
      path: ["branch_id"],
      message: "Choose a branch or a country.",
      when: () => true,
    })
    .refine((v) => !v || v.branch_id === undefined || v.country_id === undefined, {
      path: ["branch_id"],
      message: "Choose a branch or a country, not both.",
      when: () => true,
    }),
);

/** The call as the OpenAPI document shows it (the parsing schema above accepts the same). */
export const startSalaryRunFields = z.object({
  from: z.string().describe("First day of the period: YYYY-MM-DD or DD/MM/YYYY (or filter[from])"),
  to: z.string().describe("Last day of the period, inclusive, at most 366 days on (or filter[to])"),
  branch_id: z.number().int().optional().describe("The branch whose salary is run"),
  country_id: z.number().int().optional().describe("Or the country (one of the two)"),
});

export interface StartedSalaryRun {
  run_id: number;
  monitor_id: number;
  status: "queued";
}

const runs = schema.salaryRuns;

/** The branch or country a run is for, by name; a 422 when it does not exist (or is archived). */
export async function scopeName(
  ctx: TxCtx,
  scope: { branchId: number | null; countryId: number | null },
): Promise<string> {
  if (scope.branchId !== null) {
    const [b] = await ctx.db
      .select({ name: schema.branches.name })
      .from(schema.branches)
      .where(and(eq(schema.branches.id, scope.branchId), isNull(schema.branches.deletedAt)));
    if (!b)
      throw new ValidationError("The selected branch is invalid.", {
        branch_id: ["The selected branch is invalid."],
      });
    return b.name;
  }
  const [c] = await ctx.db
    .select({ name: schema.countries.name })
    .from(schema.countries)
    .where(eq(schema.countries.id, scope.countryId!));
  if (!c)
    throw new ValidationError("The selected country is invalid.", {
      country_id: ["The selected country is invalid."],
    });
  return c.name;
}

/**
 * POST salary/all [salary_access]: starts the salary run of a period for a branch or a country
 * in the background and answers the run and its progress monitor (`GET job-progress/{id}`).
 *
 * A second start of the same period and scope while one is waiting or running is refused with
 * 409 `salary_run_running`, naming the run, its monitor in `details` so a screen can follow it
 * instead (two runs writing the same lines would race; joining silently would hide that the
 * click did nothing new). The check, the run row, its monitor and the pg-boss job are one
 * transaction under a lock on the period and scope, so two instances cannot both start it.
 *
 * Approved hours of the scope that no worker rate prices refuse the start with 410 type
 * MissingRates naming the skills and workers (as jobs/salaries), and nothing is queued: a run
 * that left those hours out would look complete while some workers go unpaid.
 */
export async function startSalaryRun(ctx: Ctx, raw: unknown): Promise<StartedSalaryRun> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(startSalaryRunInput, raw ?? {});
  const scope = {
    from: input.from,
    to: input.to,
    branchId: input.branch_id ?? null,
    countryId: input.country_id ?? null,
  };
  const key = salaryRunKey(scope);
  return withTx(ctx, async (ctx) => {
    const where = await scopeName(ctx, scope);
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [busy] = await ctx.db
      .select({
        id: runs.id,
        status: runs.status,
        monitorId: runs.monitorId,
        by: schema.users.name,
      })
      .from(runs)
      .leftJoin(schema.users, eq(schema.users.id, runs.createdById))
      .where(
        and(
          eq(runs.periodFrom, scope.from),
          eq(runs.periodTo, scope.to),
          scope.branchId !== null ? eq(runs.branchId, scope.branchId) : isNull(runs.branchId),
          scope.countryId !== null ? eq(runs.countryId, scope.countryId) : isNull(runs.countryId),
          inArray(runs.status, ["queued", "running"]),
        ),
      )
      .orderBy(desc(runs.id))
      .limit(1);
    const period = formatPeriod(scope.from, scope.to);
    if (busy) {
      const state = busy.status === "queued" ? "waiting to start" : "running";
      const err = new ConflictError(
        `The salary run for ${period} (${where}) is already ${state}: run ${busy.id}` +
          `${busy.by ? `, started by ${busy.by}` : ""}. Follow its progress or wait until it has finished.`,
        "salary_run_running",
      );
      err.details = { run_id: busy.id, monitor_id: busy.monitorId };
      throw err;
    }
    const hours = { periodFrom: scope.from, periodTo: scope.to, ...scope };
    const missing = await missingRatesOf(ctx.db, hours);
    if (missing.length) throw missingRatesError(missing);
    const [run] = await ctx.db
      .insert(runs)
      .values({
        periodFrom: scope.from,
        periodTo: scope.to,
        branchId: scope.branchId,
        countryId: scope.countryId,
        status: "queued",
        createdById: actorId(ctx),
        createdAt: ctx.now,
      })
      .returning({ id: runs.id });
    const monitorId = await createMonitor(ctx.db, {
      kind: SALARY_RUN_KIND,
      payload: { run_id: run.id },
      createdById: actorId(ctx),
    });
    // In this transaction: the job exists exactly when the run does.
    const jobId = await enqueue(ctx.db, SALARY_RUN_KIND, { runId: run.id }, { singletonKey: key });
    await ctx.db.update(runs).set({ monitorId }).where(eq(runs.id, run.id));
    await ctx.db
      .update(schema.progressMonitors)
      .set({ payload: { run_id: run.id, job_id: jobId } })
      .where(eq(schema.progressMonitors.id, monitorId));
    await logActivity(ctx, {
      logName: "salary",
      description: `Salary run started for ${period} (${where})`,
      subjectType: "salary_run",
      subjectId: run.id,
      properties: {
        from: scope.from,
        to: scope.to,
        branch_id: scope.branchId,
        country_id: scope.countryId,
      },
    });
    return { run_id: run.id, monitor_id: monitorId, status: "queued" as const };
  });
}

import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, ensureRole, giveRole, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx, type Ctx } from "../context";
import { createMonitor } from "../progress/monitors";
import { currentSalaryRun } from "./current-run";
import { listPaySlips } from "./slips-list";

/**
 * The /salaryreports screen's two reads: GET salary/run (the running or last run of a period and
 * scope, for the bar after a reload) and GET salary/slips-list (pay slips; office any, anyone
 * else its own only). Each per role; neither writes.
 */
let handle: DbHandle;
let db: Db;
let w: JobWorld;
let branchA: number;
let branchB: number;
let payroll: number;
let workerA: number;
let workerB: number;
const ctx = {} as Record<"admin" | "payroll" | "pm" | "crew" | "client" | "workerA", Ctx>;
const OCT = { from: "2026-10-01", to: "2026-10-31" };

async function slip(userId: number, period: { from: string; to: string }, branchId: number) {
  const paid = new Date(`${period.to}T12:00:00Z`);
  const [s] = await db
    .insert(schema.paySlips)
    .values({
      userId,
      periodFrom: period.from,
      periodTo: period.to,
      totals: [{ currency_code: "DKK", amount: 123450, minutes: 480 }],
      minutesWorked: 480,
      paidAt: paid,
      paidById: w.admin,
    })
    .returning();
  await db.insert(schema.salaryLines).values({
    userId,
    skillId: w.skill,
    branchId,
    countryId: w.countryId,
    workDate: period.from,
    startsAt: new Date(`${period.from}T08:00:00Z`),
    endsAt: new Date(`${period.from}T16:00:00Z`),
    currencyCode: "DKK",
    standardMinutes: 480,
    standardRate: 15431,
    rateSource: "card",
    amount: 123450,
    status: "paid",
    paySlipId: s.id,
    paidAt: paid,
  });
  return s.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  [branchA, branchB] = (
    await db
      .insert(schema.branches)
      .values([
        { name: "Screens Aarhus", countryId: w.countryId },
        { name: "Screens Odense", countryId: w.countryId },
      ])
      .returning()
  ).map((b) => b.id);
  const role = await ensureRole(db, "Payroll (screens)", ["salary_access"]);
  payroll = (await createUser(db, { name: "Paula Payroll" })).id;
  await giveRole(db, payroll, role);
  workerA = (await createUser(db, { roles: [ROLE.worker], name: "Alma Slipholder" })).id;
  workerB = (await createUser(db, { roles: [ROLE.worker], name: "Bo Slipholder" })).id;
  ctx.admin = await ctxFor(db, w.admin);
  ctx.payroll = await ctxFor(db, payroll);
  ctx.pm = await ctxFor(db, w.pm);
  ctx.crew = await ctxFor(db, w.crewHandler);
  ctx.client = await ctxFor(db, w.colA);
  ctx.workerA = await ctxFor(db, workerA);
  await slip(workerA, OCT, branchA);
  await slip(workerB, OCT, branchB);
  await slip(workerA, { from: "2026-09-01", to: "2026-09-30" }, branchA);
});
afterAll(async () => {
  await handle?.close();
});

const writes = async () => {
  const [[r], [m], [s]] = await Promise.all([
    db.select({ n: count() }).from(schema.salaryRuns),
    db.select({ n: count() }).from(schema.progressMonitors),
    db.select({ n: count() }).from(schema.paySlips),
  ]);
  return { runs: r.n, monitors: m.n, slips: s.n };
};

describe("GET salary/run", () => {
  it("answers run: null before any run of the period and scope", async () => {
    expect(await currentSalaryRun(ctx.admin, { ...OCT, branch_id: branchA })).toEqual({
      run: null,
    });
  });

  it("answers the newest run of exactly that period and scope, with its monitor's progress", async () => {
    const run = async (
      branchId: number | null,
      status: "queued" | "running" | "done" | "failed",
      progress: number,
      total: number,
      errors: string[] = [],
    ) => {
      const monitorId = await createMonitor(db, {
        kind: "salary-run",
        createdById: w.admin,
      });
      await db
        .update(schema.progressMonitors)
        .set({ status, progress, total, errors, message: status === "done" ? "Done." : null })
        .where(eq(schema.progressMonitors.id, monitorId));
      const [r] = await db
        .insert(schema.salaryRuns)
        .values({
          periodFrom: OCT.from,
          periodTo: OCT.to,
          branchId,
          countryId: branchId === null ? w.countryId : null,
          status,
          monitorId,
          createdById: w.admin,
        })
        .returning();
      return { runId: r.id, monitorId };
    };
    await run(branchA, "done", 2, 2);
    const failed = await run(branchA, "failed", 1, 4, ["No worker rate for Stagehand: Bo"]);
    const other = await run(branchB, "running", 340, 2000);
    const country = await run(null, "queued", 0, 0);

    const a = await currentSalaryRun(ctx.payroll, { ...OCT, branch_id: branchA });
    expect(a.run).toMatchObject({
      run_id: failed.runId,
      monitor_id: failed.monitorId,
      status: "failed",
      done: 1,
      total: 4,
      percent: 25,
      errors: ["No worker rate for Stagehand: Bo"],
      started_by: "Ada Admin",
    });
    // filter[from]/filter[to] as the overview sends them, DD/MM/YYYY as the screens write them.
    const b = await currentSalaryRun(ctx.admin, {
      filter: { from: "01/10/2026", to: "31/10/2026" },
      branch_id: String(branchB),
    });
    expect(b.run).toMatchObject({
      run_id: other.runId,
      status: "running",
      done: 340,
      total: 2000,
      percent: 17,
    });
    const c = await currentSalaryRun(ctx.admin, { ...OCT, country_id: w.countryId });
    expect(c.run).toMatchObject({ run_id: country.runId, status: "queued", percent: 0 });
    // Another period of the same branch has none.
    expect(
      (
        await currentSalaryRun(ctx.admin, {
          from: "2026-10-01",
          to: "2026-10-30",
          branch_id: branchA,
        })
      ).run,
    ).toBeNull();
  });

  it("refuses bad input with 422 and the field's message", async () => {
    const none = await appErrorOf(currentSalaryRun(ctx.admin, { ...OCT }));
    expect(none.status).toBe(422);
    expect(none.message).toBe("Choose a branch or a country.");
    const both = await appErrorOf(
      currentSalaryRun(ctx.admin, { ...OCT, branch_id: branchA, country_id: w.countryId }),
    );
    expect(both.message).toBe("Choose a branch or a country, not both.");
    const date = await appErrorOf(
      currentSalaryRun(ctx.admin, { from: "31/02/2026", to: OCT.to, branch_id: branchA }),
    );
    expect(date.status).toBe(422);
    expect(date.message).toBe("The from must be a date.");
  });

  it("is for salary_access only (403) and writes nothing", async () => {
    const before = await writes();
    for (const who of ["pm", "crew", "client", "workerA"] as const) {
      const err = await appErrorOf(currentSalaryRun(ctx[who], { ...OCT, branch_id: branchA }));
      expect(err.status, who).toBe(403);
    }
    expect(await writes()).toEqual(before);
  });
});

describe("GET salary/slips-list", () => {
  it("office: the period's slips by worker, totals per currency with labels", async () => {
    const page = await listPaySlips(ctx.payroll, { filter: OCT });
    expect(page.meta).toMatchObject({ total: 2, per_page: 10, current_page: 1 });
    expect(page.items.map((s) => s.worker)).toEqual(["Alma Slipholder", "Bo Slipholder"]);
    expect(page.items[0]).toMatchObject({
      user_id: workerA,
      period: "October 2026",
      period_from: OCT.from,
      period_to: OCT.to,
      hours: 8,
      totals: [{ currency_code: "DKK", amount: 123450, minutes: 480 }],
    });
    expect(page.items[0].totals[0].label).toMatch(/1[.,]?234[.,]50/);
    expect(page.items[0].paid_at).not.toBeNull();
  });

  it("office: filters by branch, worker and search; newest period first", async () => {
    const a = await listPaySlips(ctx.admin, { filter: { ...OCT, branch_id: branchA } });
    expect(a.items.map((s) => s.user_id)).toEqual([workerA]);
    const b = await listPaySlips(ctx.admin, {
      filter: { country_id: w.countryId, search: "bo sl" },
    });
    expect(b.items.map((s) => s.user_id)).toEqual([workerB]);
    const mine = await listPaySlips(ctx.admin, { filter: { user_id: workerA } });
    expect(mine.items.map((s) => s.period)).toEqual(["October 2026", "September 2026"]);
    const paged = await listPaySlips(ctx.admin, { perPage: 1, page: 2 });
    expect(paged.items).toHaveLength(1);
    expect(paged.meta.total).toBe(3);
  });

  it("a worker sees its own slips only, whatever it filters; another's id is 403", async () => {
    const own = await listPaySlips(ctx.workerA, {});
    expect(own.items.map((s) => s.user_id)).toEqual([workerA, workerA]);
    const self = await listPaySlips(ctx.workerA, { filter: { user_id: "self", ...OCT } });
    expect(self.items.map((s) => s.id)).toEqual([own.items[0].id]);
    const err = await appErrorOf(listPaySlips(ctx.workerA, { filter: { user_id: workerB } }));
    expect(err.status).toBe(403);
    expect(err.message).toBe("You may read your own pay slips only.");
  });

  it("an office role without salary_access and a client contact see none but their own", async () => {
    for (const who of ["pm", "crew", "client"] as const) {
      const page = await listPaySlips(ctx[who], {});
      expect(page.items, who).toEqual([]);
      const err = await appErrorOf(listPaySlips(ctx[who], { filter: { user_id: workerA } }));
      expect(err.status, who).toBe(403);
    }
  });

  it("refuses bad input with 422: one date only, a bad page", async () => {
    const half = await appErrorOf(listPaySlips(ctx.admin, { filter: { from: OCT.from } }));
    expect(half.status).toBe(422);
    const page = await appErrorOf(listPaySlips(ctx.admin, { page: 0 }));
    expect(page.status).toBe(422);
    expect(page.message).toMatch(/page must be at least 1/);
  });

  it("sends the same number of queries for one slip as for a full page", async () => {
    const counting = countingDb(handle);
    const c = makeCtx(counting.db, ctx.admin.actor);
    counting.reset();
    const one = await listPaySlips(c, { filter: { search: "Bo Slip" } });
    expect(one.items).toHaveLength(1);
    const n = counting.statements();
    counting.reset();
    const all = await listPaySlips(c, {});
    expect(all.items.length).toBe(3);
    expect(counting.statements()).toBe(n);
    expect(counting.writes()).toEqual([]);
  });
});

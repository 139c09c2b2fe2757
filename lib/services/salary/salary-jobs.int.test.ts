import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { makeCtx } from "../context";
import { unpaidEarnings } from "../users/payment";
import {
  buildJobSalaries,
  buildSalaryRun,
  paySalary,
  salaryOverview,
  salaryReport,
  salarySummary,
  skillsForMissingRates,
} from ".";
import {
  handle,
  db,
  k,
  now,
  NOV,
  approvedHours,
  rate,
  linesOf,
  salaryActivities,
  setupSalaryWorld,
} from "./salary.test-support";

setupSalaryWorld();

describe("POST jobs/salaries", () => {
  it("builds the job's lines from approved hours at the card rate and links to them", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 16050 });
    // Mon 9 Nov 2026 14:00 local (13:00Z, 263 h before now), 6.5 hours.
    const h = await approvedHours(skill, worker, -263, 6.5);
    const res = await buildJobSalaries(await ctxFor(db, k.w.admin), {
      jobId: h.jobId,
      replaceZero: false,
    });
    expect(res).toMatchObject({
      job_id: h.jobId,
      lines: 1,
      workers: 1,
      link: `/salaryreports?job=${h.jobId}`,
    });
    const [line] = await linesOf({ jobId: h.jobId });
    expect(line).toMatchObject({
      userId: worker,
      reportedHoursId: h.reportId,
      shiftId: h.shiftId,
      skillId: skill,
      branchId: k.branchA,
      currencyCode: "DKK",
      standardMinutes: 390,
      standardRate: 16050,
      rateSource: "card",
      // 390 × 16050 / 60 = 104325
      amount: 104325,
      status: "draft",
      workDate: "2026-11-09",
    });
    // Built again: the draft is replaced, not doubled.
    await buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId });
    const again = await linesOf({ jobId: h.jobId });
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(line.id);
  });

  it("answers 410 MissingRates naming the skills and workers, and writes nothing", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    const h = await approvedHours(skill, worker, -250, 4);
    const before = await salaryActivities();
    const err = await appErrorOf(buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId }));
    expect(err.status).toBe(410);
    expect(err.type).toBe("MissingRates");
    expect(err.message).toMatch(/^Some approved hours have no worker rate/);
    expect(err.details).toMatchObject({
      skills: [{ skill_id: skill, workers: [{ id: worker }], zero: false }],
    });
    expect(await linesOf({ jobId: h.jobId })).toHaveLength(0);
    expect(await salaryActivities()).toBe(before);
  });

  it("with replaceZero pays a zero job rate at the card rate; without it asks (410)", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 14000 });
    const h = await approvedHours(skill, worker, -240, 5);
    await rate({ skillId: skill, jobId: h.jobId, amount: 0 });
    const ctx = await ctxFor(db, k.w.admin);
    const err = await appErrorOf(buildJobSalaries(ctx, { jobId: h.jobId, replaceZero: false }));
    expect(err.status).toBe(410);
    expect(err.message).toMatch(/replaceZero/);
    expect(err.details).toMatchObject({ skills: [{ skill_id: skill, zero: true }] });
    await buildJobSalaries(ctx, { jobId: h.jobId, replaceZero: true });
    const [line] = await linesOf({ jobId: h.jobId });
    expect(line).toMatchObject({ rateSource: "card", standardRate: 14000, amount: 70000 });
  });

  it("uses the worker's custom rate before the card", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 14000 });
    await rate({ skillId: skill, branchId: k.branchA, userId: worker, amount: 19000 });
    const h = await approvedHours(skill, worker, -230, 2);
    await buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId });
    const [line] = await linesOf({ jobId: h.jobId });
    expect(line).toMatchObject({ rateSource: "custom", standardRate: 19000, amount: 38000 });
  });

  it("is the office's with salary_access only (403 for others, 404 unknown job, 422 no id)", async () => {
    const skill = await k.newSkill();
    const worker = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA });
    const h = await approvedHours(skill, worker, -220, 3);
    for (const who of [k.w.pm, k.w.crewHandler, k.w.colA, worker]) {
      const err = await appErrorOf(buildJobSalaries(await ctxFor(db, who), { jobId: h.jobId }));
      expect(err.status).toBe(403);
    }
    expect(await linesOf({ jobId: h.jobId })).toHaveLength(0);
    const admin = await ctxFor(db, k.w.admin);
    expect((await appErrorOf(buildJobSalaries(admin, { jobId: 999_999 }))).status).toBe(404);
    const bad = await appErrorOf(buildJobSalaries(admin, {}));
    expect([bad.status, bad.message]).toEqual([422, "The jobId field is required."]);
    expect((await appErrorOf(buildJobSalaries(admin, { jobId: "x" }))).status).toBe(422);
  });
});

describe("POST skillsForMissingRates", () => {
  it("lists the skills and workers of the period's approved hours without a rate", async () => {
    const skill = await k.newSkill();
    const a = await k.newWorker([skill]);
    const b = await k.newWorker([skill]);
    await approvedHours(skill, a, -210, 3);
    await approvedHours(skill, b, -205, 3);
    const res = await skillsForMissingRates(await ctxFor(db, k.w.admin), {
      ...NOV,
      branch_id: k.branchA,
    });
    const mine = res.skills.find((s) => s.skill_id === skill);
    expect(mine?.workers.map((w) => w.id).sort()).toEqual([a, b].sort());
    // Another month has none of them.
    const oct = await skillsForMissingRates(await ctxFor(db, k.w.admin), {
      from: "01/10/2026",
      to: "31/10/2026",
    });
    expect(oct.skills.find((s) => s.skill_id === skill)).toBeUndefined();
    expect((await appErrorOf(skillsForMissingRates(await ctxFor(db, k.w.pm), NOV))).status).toBe(
      403,
    );
    const bad = await appErrorOf(
      skillsForMissingRates(await ctxFor(db, k.w.admin), { from: "2026-11-30", to: "2026-11-01" }),
    );
    expect([bad.status, bad.message]).toEqual([
      422,
      "The period's from date must not be after its to date.",
    ]);
  });
});

describe("the salary run (buildSalaryRun)", () => {
  it("computes a period in batches, reports progress, and replaces drafts when run again", async () => {
    const skill = await k.newSkill();
    const workers = [await k.newWorker([skill]), await k.newWorker([skill])];
    await rate({ skillId: skill, branchId: k.branchA, amount: 12000 });
    for (const w of workers) await approvedHours(skill, w, -190, 4);
    const [run] = await db
      .insert(schema.salaryRuns)
      .values({ periodFrom: NOV.from, periodTo: NOV.to, branchId: k.branchA })
      .returning();
    const progress: [number, number][] = [];
    const res = await buildSalaryRun(db, run.id, async (done, total) => {
      progress.push([done, total]);
    });
    expect(res.lines).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)![0]).toBe(progress.at(-1)![1]);
    const mine = (await linesOf({})).filter((l) => workers.includes(l.userId));
    expect(mine.map((l) => [l.runId, l.amount])).toEqual([
      [run.id, 48000],
      [run.id, 48000],
    ]);
    const [stored] = await db
      .select()
      .from(schema.salaryRuns)
      .where(eq(schema.salaryRuns.id, run.id));
    expect(stored).toMatchObject({ lineCount: res.lines, workerCount: res.workers });
    // Run again (a crash and a retry): the same lines, no doubles.
    const again = await buildSalaryRun(db, run.id, async () => {});
    expect(again.lines).toBe(res.lines);
    const after = (await linesOf({})).filter((l) => workers.includes(l.userId));
    expect(after).toHaveLength(2);
  });

  it("sends the same queries for one worker or many in a batch, and a fixed number per batch", async () => {
    // December: this test's own period.
    const DEC = { from: "2026-12-01", to: "2026-12-31" };
    const skill = await k.newSkill();
    await rate({ skillId: skill, branchId: k.branchA, amount: 12000 });
    // 28 Dec 2026 10:00Z: 28 days after `now` plus 22 h.
    const dec = 24 * 38 - 2;
    await approvedHours(skill, await k.newWorker([skill]), dec, 4);
    const newRun = async () =>
      (
        await db
          .insert(schema.salaryRuns)
          .values({ periodFrom: DEC.from, periodTo: DEC.to, branchId: k.branchA })
          .returning()
      )[0].id;
    const counting = countingDb(handle);
    const statements = async (
      limits?: Parameters<typeof buildSalaryRun>[3],
    ): Promise<{ n: number; progress: [number, number][]; lines: number }> => {
      const progress: [number, number][] = [];
      const runId = await newRun();
      counting.reset();
      const res = await buildSalaryRun(
        counting.db,
        runId,
        async (done, total) => void progress.push([done, total]),
        limits,
      );
      return { n: counting.statements(), progress, lines: res.lines };
    };
    const one = await statements();
    expect(one).toMatchObject({ lines: 1, progress: [[1, 1]] });
    // Six more workers, each on a job of its own: two at a custom rate, one at the job's rate,
    // one with two shifts.
    const more: number[] = [];
    for (let i = 0; i < 6; i++) {
      const w = await k.newWorker([skill]);
      more.push(w);
      const h = await approvedHours(skill, w, dec - 30 * (i + 1), 2);
      if (i < 2) await rate({ skillId: skill, branchId: k.branchA, userId: w, amount: 13000 });
      if (i === 2) await rate({ skillId: skill, jobId: h.jobId, amount: 14000 });
      if (i === 3) await approvedHours(skill, w, dec - 300, 1);
    }
    const seven = await statements();
    expect(seven).toMatchObject({ lines: 8, progress: [[7, 7]] });
    expect(seven.n).toBe(one.n);
    const amounts = (await linesOf({})).filter(
      (l) => more.includes(l.userId) && l.workDate >= DEC.from,
    );
    expect(amounts.map((l) => l.amount).sort()).toEqual(
      [12000 * 2, 12000 * 2, 12000, 12000 * 2, 13000 * 2, 13000 * 2, 14000 * 2].sort(),
    );
    // Batches of two workers: four batches, progress after each, and each batch the same
    // number of queries (what one batch more adds is what each batch costs).
    const byTwo = await statements({ workers: 2, hours: 500 });
    expect(byTwo.progress).toEqual([
      [2, 7],
      [4, 7],
      [6, 7],
      [7, 7],
    ]);
    expect(byTwo.lines).toBe(8);
    const byOne = await statements({ workers: 1, hours: 500 });
    expect(byOne.progress).toHaveLength(7);
    const perBatch = (byOne.n - byTwo.n) / 3;
    expect(byTwo.n).toBe(one.n + 3 * perBatch);
    expect(perBatch).toBeLessThanOrEqual(12);
  });
});

describe("reading salary", () => {
  it("GET salary: workers of the period with hours, gross per currency and status", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await db.update(schema.users).set({ name: "Zed Salaryperson" }).where(eq(schema.users.id, w));
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const h1 = await approvedHours(skill, w, -180, 3);
    const h2 = await approvedHours(skill, w, -170, 2);
    const admin = await ctxFor(db, k.w.admin);
    await buildJobSalaries(admin, { jobId: h1.jobId });
    await buildJobSalaries(admin, { jobId: h2.jobId });
    const page = await salaryOverview(admin, {
      filter: { ...NOV, search: "Salaryperson" },
    });
    expect(page.items).toEqual([
      {
        user_id: w,
        name: "Zed Salaryperson",
        minutes: 300,
        hours: 5,
        lines: 2,
        gross: [
          { currency_code: "DKK", amount: 50000, minutes: 300, hours: 5, label: "500.00 DKK" },
        ],
        status: "draft",
      },
    ]);
    expect(page.meta).toMatchObject({ total: 1, per_page: 10, current_page: 1 });
    const byHours = await salaryOverview(admin, { filter: NOV, sort: "-hours" });
    const hours = byHours.items.map((i) => i.minutes);
    expect(hours).toEqual([...hours].sort((a, b) => b - a));
    for (const who of [k.w.pm, w, k.w.colA])
      expect(
        (await appErrorOf(salaryOverview(await ctxFor(db, who), { filter: NOV }))).status,
      ).toBe(403);
    const bad = await appErrorOf(salaryOverview(admin, { filter: { from: "x", to: NOV.to } }));
    expect(bad.status).toBe(422);
  });

  it("GET salary needs the same number of queries for one worker or many", async () => {
    // Three more workers with lines in the period, so "many" is many in this file alone.
    const skill = await k.newSkill();
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const admin = await ctxFor(db, k.w.admin);
    for (const from of [-160, -150, -140]) {
      const h = await approvedHours(skill, await k.newWorker([skill]), from, 2);
      await buildJobSalaries(admin, { jobId: h.jobId });
    }
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, admin.actor, { now });
    counting.reset();
    await salaryOverview(ctx, { filter: { ...NOV, search: "Salaryperson" } });
    const one = counting.statements();
    counting.reset();
    const all = await salaryOverview(ctx, { filter: NOV });
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(counting.statements()).toBe(one);
  });

  it("GET salaryReport: the office reads anyone's; a worker its own only", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    const other = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const h = await approvedHours(skill, w, -160, 1.5);
    await buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId });
    const own = await salaryReport(await ctxFor(db, w), { user_id: "self", ...NOV });
    expect(own.user_id).toBe(w);
    expect(own.lines).toHaveLength(1);
    expect(own.lines[0]).toMatchObject({ amount: 15000, rate_source: "card", status: "draft" });
    expect(own.totals).toEqual([
      { currency_code: "DKK", amount: 15000, minutes: 90, hours: 1.5, label: "150.00 DKK" },
    ]);
    const byJob = await salaryReport(await ctxFor(db, k.w.admin), { job_id: h.jobId });
    expect(byJob.lines.map((l) => l.user_id)).toEqual([w]);
    for (const [who, q] of [
      [other, { user_id: w }],
      [w, { job_id: h.jobId }],
      [k.w.pm, { user_id: w }],
      [k.w.colA, { user_id: w }],
    ] as const)
      expect((await appErrorOf(salaryReport(await ctxFor(db, who), q))).status).toBe(403);
    const bad = await appErrorOf(salaryReport(await ctxFor(db, w), {}));
    expect([bad.status, bad.message]).toEqual([422, "Give either a user_id or a job_id."]);
  });

  it("POST salary-reports-summary: totals per currency, branch, skill and band", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000, currencyCode: "SEK" });
    // Fri 13 Nov 11:00 local, a weekday.
    const h = await approvedHours(skill, w, -170, 2);
    await buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId });
    const res = await salarySummary(await ctxFor(db, k.w.admin), { ...NOV, branch_id: k.branchA });
    const group = res.groups.find((g) => g.skill_id === skill);
    expect(group).toMatchObject({
      currency_code: "SEK",
      branch_id: k.branchA,
      lines: 1,
      minutes: 120,
      amount: 20000,
      paid_amount: 0,
      bands: { standard: { minutes: 120, amount: 20000 } },
    });
    expect(res.period).toBe("November 2026");
    expect(res.totals.find((t) => t.currency_code === "SEK")?.amount).toBeGreaterThanOrEqual(20000);
    // DKK and SEK are never added together.
    expect(new Set(res.totals.map((t) => t.currency_code)).size).toBe(res.totals.length);
    expect((await appErrorOf(salarySummary(await ctxFor(db, k.w.pm), NOV))).status).toBe(403);
  });
});

describe("unpaid earnings agree with the salary lines", () => {
  it("a line's amount is the worker's unpaid figure for the same hours; paid lines leave it", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({
      skillId: skill,
      branchId: k.branchA,
      amount: 17333,
      nightAmount: 25111,
      nightStart: "22:00",
      nightEnd: "06:00",
    });
    // Mon 16 Nov 20:00 local into the night, 7 h 10 min.
    const h = await approvedHours(skill, w, -89, 7 + 1 / 6);
    const ctx = await ctxFor(db, w);
    const unpaid = await unpaidEarnings(ctx, { user_id: w });
    await buildJobSalaries(await ctxFor(db, k.w.admin), { jobId: h.jobId });
    const [line] = await linesOf({ userId: w });
    expect(line.nightMinutes).toBeGreaterThan(0);
    expect(unpaid.amount).toBe(line.amount);
    await paySalary(await ctxFor(db, k.w.admin), { ...NOV, user_id: w });
    expect((await unpaidEarnings(ctx, { user_id: w })).shifts).toBe(0);
  });
});

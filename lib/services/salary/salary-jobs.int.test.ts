import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { ctxFor } from "@/lib/testing/fixtures";
import { buildJobSalaries, buildSalaryRun, skillsForMissingRates } from ".";
import {
  db,
  k,
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
});

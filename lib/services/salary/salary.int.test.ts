import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { ensureRole, giveRole } from "@/lib/testing/jobs-fixtures";
import { workerKit } from "@/lib/testing/worker-fixtures";
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

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;
// A Friday; the test shifts sit at hours before it, all in November 2026.
const now = new Date("2026-11-20T12:00:00Z");
const NOV = { from: "2026-11-01", to: "2026-11-30" };
const H = 3_600_000;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  k = await workerKit(db, now);
});
afterAll(async () => {
  await handle?.close();
});

/** An approved application of `worker` on a new one-shift job, with its reported hours. */
async function approvedHours(skill: number, worker: number, from: number, hours: number) {
  const s = await k.oneShift(skill, from, { branches: [k.branchA] });
  const [app] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: s.slotId, shiftId: s.shiftId, assigneeId: worker, status: "Approved" })
    .returning();
  const startsAt = k.at(from);
  const [report] = await db
    .insert(schema.reportedHours)
    .values({
      applicationId: app.id,
      shiftSlotId: s.slotId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * H),
      approvedAt: now,
    })
    .returning();
  return { ...s, appId: app.id, reportId: report.id };
}

async function rate(v: Partial<typeof schema.workerRates.$inferInsert> & { skillId: number }) {
  await db.insert(schema.workerRates).values({ currencyCode: "DKK", amount: 15000, ...v });
}

const linesOf = (where: { userId?: number; jobId?: number }) =>
  db
    .select()
    .from(schema.salaryLines)
    .where(
      and(
        where.userId ? eq(schema.salaryLines.userId, where.userId) : undefined,
        where.jobId ? eq(schema.salaryLines.jobId, where.jobId) : undefined,
      ),
    )
    .orderBy(schema.salaryLines.id);

const salaryActivities = async () =>
  (
    await db
      .select({ id: schema.activityLog.id })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "salary"))
  ).length;

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
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await ctxFor(db, k.w.admin)).actor, { now });
    counting.reset();
    await salaryOverview(ctx, { filter: { ...NOV, search: "Salaryperson" } });
    const one = counting.statements();
    counting.reset();
    const all = await salaryOverview(ctx, { filter: NOV });
    expect(all.items.length).toBeGreaterThan(1);
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

describe("POST salary/pay and the lock on paid hours", () => {
  it("pays a worker's period once, writes the slip, and locks the hours (409 with the reason)", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 20000 });
    const h = await approvedHours(skill, w, -140, 3);
    const admin = await ctxFor(db, k.w.admin);
    await buildJobSalaries(admin, { jobId: h.jobId });
    // Nobody without salary_access pays, and nothing is written.
    for (const who of [k.w.pm, k.w.crewHandler, w, k.w.colA])
      expect(
        (await appErrorOf(paySalary(await ctxFor(db, who), { ...NOV, user_id: w }))).status,
      ).toBe(403);
    expect((await linesOf({ userId: w }))[0].status).toBe("draft");

    const before = await salaryActivities();
    const res = await paySalary(admin, { ...NOV, user_id: w });
    expect(res).toMatchObject({ paid: 1, already_paid: 0 });
    expect(res.slips).toEqual([
      expect.objectContaining({
        user_id: w,
        period: "November 2026",
        totals: [{ currency_code: "DKK", amount: 60000, minutes: 180 }],
        minutes: 180,
      }),
    ]);
    expect(await salaryActivities()).toBe(before + 1);
    const [line] = await linesOf({ userId: w });
    expect(line).toMatchObject({ status: "paid", paySlipId: res.slips[0].id });
    // Again: nothing more is paid and nothing written.
    const again = await paySalary(admin, { ...NOV, user_id: w });
    expect(again).toMatchObject({ paid: 0, already_paid: 1, slips: [] });
    expect(await salaryActivities()).toBe(before + 1);
    // A rebuild leaves the paid line alone.
    await buildJobSalaries(admin, { jobId: h.jobId });
    expect(await linesOf({ userId: w })).toEqual([line]);
    // The worker reads its slip with its lines.
    const own = await salaryReport(await ctxFor(db, w), { user_id: w, ...NOV });
    expect(own.pay_slips).toEqual([expect.objectContaining({ period: "November 2026" })]);

    // The hours are final now.
    const { updateReportedHours, deleteReportedHours, disapproveApplication, approveApplication } =
      await import("../hours");
    const paidMessage =
      "These hours are paid (pay slip November 2026) and can no longer be changed.";
    const reportBefore = await db
      .select()
      .from(schema.reportedHours)
      .where(eq(schema.reportedHours.id, h.reportId));
    for (const call of [
      () => updateReportedHours(admin, h.reportId, { comment: "late fix" }),
      () => deleteReportedHours(admin, h.reportId),
      () => disapproveApplication(admin, h.appId),
      () => approveApplication(admin, h.appId),
    ]) {
      const err = await appErrorOf(call());
      expect([err.status, err.type, err.message]).toEqual([409, "hours_locked", paidMessage]);
    }
    expect(
      await db.select().from(schema.reportedHours).where(eq(schema.reportedHours.id, h.reportId)),
    ).toEqual(reportBefore);
  });

  it("pays chosen lines only; refuses unknown lines (404) and lines outside the period (422)", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const a = await approvedHours(skill, w, -130, 1);
    const b = await approvedHours(skill, w, -120, 2);
    const admin = await ctxFor(db, k.w.admin);
    await buildJobSalaries(admin, { jobId: a.jobId });
    await buildJobSalaries(admin, { jobId: b.jobId });
    const [la, lb] = await linesOf({ userId: w });
    expect(
      (await appErrorOf(paySalary(admin, { ...NOV, line_ids: [la.id, 999_999] }))).status,
    ).toBe(404);
    const outside = await appErrorOf(
      paySalary(admin, { from: "2026-10-01", to: "2026-10-31", line_ids: [la.id] }),
    );
    expect(outside.status).toBe(422);
    expect(outside.message).toMatch(/outside the period October 2026/);
    const res = await paySalary(admin, { ...NOV, line_ids: [la.id] });
    expect(res.slips[0].totals).toEqual([{ currency_code: "DKK", amount: 10000, minutes: 60 }]);
    // One line of the period still open: the slip is not final yet.
    expect(res.slips[0].paid_at).toBeNull();
    const rest = await paySalary(admin, { ...NOV, line_ids: [la.id, lb.id] });
    expect(rest).toMatchObject({ paid: 1, already_paid: 1 });
    // The same slip, now over both lines.
    expect(rest.slips[0]).toMatchObject({
      id: res.slips[0].id,
      totals: [{ currency_code: "DKK", amount: 30000, minutes: 180 }],
    });
    // Nothing of the period is open now: the slip is final.
    expect(rest.slips[0].paid_at).not.toBeNull();
  });

  it("locks the hours of an invoiced job, and a change drops the hours' draft line", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const h = await approvedHours(skill, w, -110, 2);
    const admin = await ctxFor(db, k.w.admin);
    await buildJobSalaries(admin, { jobId: h.jobId });
    const { disapproveApplication, updateReportedHours } = await import("../hours");
    await db.update(schema.jobs).set({ status: "Invoiced" }).where(eq(schema.jobs.id, h.jobId));
    const err = await appErrorOf(disapproveApplication(admin, h.appId));
    expect([err.status, err.message]).toEqual([
      409,
      "The job is invoiced; reopen it to change hours.",
    ]);
    const edit = await appErrorOf(updateReportedHours(admin, h.reportId, { comment: "x" }));
    expect(edit.status).toBe(409);
    expect(await linesOf({ jobId: h.jobId })).toHaveLength(1);
    await db.update(schema.jobs).set({ status: "Approved" }).where(eq(schema.jobs.id, h.jobId));
    await disapproveApplication(admin, h.appId);
    // Disapproved hours are not paid with their old draft.
    expect(await linesOf({ jobId: h.jobId })).toHaveLength(0);
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

describe("salary_access is the permission, not a role", () => {
  it("a custom office role holding only salary_access reads and pays", async () => {
    const payroll = (await createUser(db, { name: "Pia Payroll" })).id;
    await giveRole(db, payroll, await ensureRole(db, "Payroll (test)", ["salary_access"]));
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const h = await approvedHours(skill, w, -60, 1);
    const ctx = await ctxFor(db, payroll);
    await buildJobSalaries(ctx, { jobId: h.jobId });
    const res = await paySalary(ctx, { ...NOV, user_id: w });
    expect(res.paid).toBe(1);
  });
});

describe("the lock reaches every verb that changes hours", () => {
  it("a worker's own report, approving all that match, and the check-time correction refuse an invoiced job", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    // A finished shift booked for the worker with nothing reported yet.
    const s = await k.oneShift(skill, -50, { branches: [k.branchA] });
    const [app] = await db
      .insert(schema.applications)
      .values({ shiftSlotId: s.slotId, shiftId: s.shiftId, assigneeId: w, status: "Report!" })
      .returning();
    await db.update(schema.jobs).set({ status: "Invoiced" }).where(eq(schema.jobs.id, s.jobId));
    const { reportHours } = await import("../hours");
    const { correctCheckTimes } = await import("../worker/correct-check-times");
    const invoiced = "The job is invoiced; reopen it to change hours.";
    const own = await appErrorOf(
      reportHours(await ctxFor(db, w, { now }), {
        application_id: app.id,
        start: "08:00",
        end: "12:00",
      }),
    );
    expect([own.status, own.message]).toEqual([409, invoiced]);
    const check = await appErrorOf(
      correctCheckTimes(await ctxFor(db, k.w.admin, { now }), app.id, { check_in_at: "08:00" }),
    );
    expect([check.status, check.message]).toEqual([409, invoiced]);
    expect(
      await db
        .select()
        .from(schema.reportedHours)
        .where(eq(schema.reportedHours.applicationId, app.id)),
    ).toHaveLength(0);
  });

  it("approving all that match leaves a report of a paid-out job unapproved, with the reason", async () => {
    const skill = await k.newSkill();
    const w = await k.newWorker([skill]);
    const s = await k.oneShift(skill, -40, { branches: [k.branchA] });
    const [app] = await db
      .insert(schema.applications)
      .values({
        shiftSlotId: s.slotId,
        shiftId: s.shiftId,
        assigneeId: w,
        status: "Reported",
        checkInAt: k.at(-40),
      })
      .returning();
    await db.insert(schema.reportedHours).values({
      applicationId: app.id,
      shiftSlotId: s.slotId,
      startsAt: k.at(-40),
      endsAt: k.at(-34),
    });
    await db.update(schema.jobs).set({ status: "Paid" }).where(eq(schema.jobs.id, s.jobId));
    const { approveMatching } = await import("../hours");
    const res = await approveMatching(await ctxFor(db, k.w.admin, { now }), {
      filter: { job_id: s.jobId },
    });
    expect(res.approved).toEqual([]);
    expect(res.failed).toEqual([
      { id: app.id, message: "The job is paid; reopen it to change hours." },
    ]);
  });
});

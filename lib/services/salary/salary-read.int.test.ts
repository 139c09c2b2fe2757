import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { makeCtx } from "../context";
import { unpaidEarnings } from "../users/payment";
import { buildJobSalaries, paySalary, salaryOverview, salaryReport, salarySummary } from ".";
import {
  handle,
  db,
  k,
  now,
  NOV,
  approvedHours,
  rate,
  linesOf,
  setupSalaryWorld,
} from "./salary.test-support";

setupSalaryWorld();

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

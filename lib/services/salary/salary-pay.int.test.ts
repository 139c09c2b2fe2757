import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { ensureRole, giveRole } from "@/lib/testing/jobs-fixtures";
import { buildJobSalaries, paySalary, salaryReport } from ".";
import {
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

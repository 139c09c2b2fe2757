import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { workerDashboard } from "../dashboard";
import { pastShifts, shiftsToReport } from ".";
import {
  ctxOf,
  db,
  newSkill,
  newWorker,
  oneShift,
  setUpWorkerDatabase,
  w,
} from "./worker.test-support";

setUpWorkerDatabase();

describe("the Past tab's badge", () => {
  it("counts every shift whose hours wait for the worker, exactly as the list shows them", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    const due = async (from: number, status: "Report!" | "Booked" | "Request accepted") =>
      applyOn(db, (await oneShift(skill, from)).slotId, me, status);
    // Due: a Report! shift, an ended Booked one (reads as Report! before the sweep), an ended
    // accepted request, and a Report! shift three months back (the old badge stopped at 60 days).
    const dueIds = [
      await due(-30, "Report!"),
      await due(-10, "Booked"),
      await due(-50, "Request accepted"),
      await due(-24 * 90, "Report!"),
    ];
    // Not due: reported, approved, still to come, and shifts taken out of the lists (a removed
    // shift, an archived job), which the old badge still counted.
    await applyOn(db, (await oneShift(skill, -60)).slotId, me, "Reported");
    await applyOn(db, (await oneShift(skill, -70)).slotId, me, "Approved");
    await applyOn(db, (await oneShift(skill, 20)).slotId, me, "Booked");
    const removed = await oneShift(skill, -80);
    await applyOn(db, removed.slotId, me, "Report!");
    await db
      .update(schema.shifts)
      .set({ deletedAt: new Date() })
      .where(eq(schema.shifts.id, removed.shiftId));
    const archived = await oneShift(skill, -90);
    await applyOn(db, archived.slotId, me, "Report!");
    await db
      .update(schema.jobs)
      .set({ deletedAt: new Date() })
      .where(eq(schema.jobs.id, archived.jobId));

    const ctx = await ctxOf(me);
    const list = await pastShifts(ctx, { to_report: "1" });
    expect(list.items.map((s) => s.id).sort()).toEqual([...dueIds].sort());
    expect(list.items.every((s) => s.status === "Report!")).toBe(true);
    expect(list.meta.total).toBe(4);
    expect(await shiftsToReport(ctx)).toBe(4);
    expect((await workerDashboard(ctx)).toReport).toBe(4);
    // The whole Past tab holds the reported and approved ones too.
    expect((await pastShifts(ctx, {})).meta.total).toBe(6);
  });

  it("pages the filtered list with the badge's total", async () => {
    const skill = await newSkill();
    const me = await newWorker([skill]);
    for (let i = 0; i < 3; i++)
      await applyOn(db, (await oneShift(skill, -10 - i)).slotId, me, "Report!");
    const ctx = await ctxOf(me);
    const page2 = await pastShifts(ctx, { to_report: true, perPage: 2, page: 2 });
    expect(page2.items).toHaveLength(1);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 2 });
    expect(await shiftsToReport(ctx)).toBe(3);
  });

  it("is the worker's own: a client contact gets 403, a bad filter 422", async () => {
    expect((await appErrorOf(shiftsToReport(await ctxOf(w.colA)))).status).toBe(403);
    const skill = await newSkill();
    const me = await newWorker([skill]);
    expect((await appErrorOf(pastShifts(await ctxOf(me), { to_report: { yes: 1 } }))).status).toBe(
      422,
    );
  });
});

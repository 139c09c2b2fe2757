import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { fetchJobForView } from "../jobs/view";
import { addCrewBoss, removeCrewBoss } from "./index";
import {
  bea,
  bo,
  bossesOf,
  ctxOf,
  handle,
  inactive,
  jobA,
  now,
  spec,
  setUpShiftsDatabase,
  w,
} from "./shifts.test-support";

setUpShiftsDatabase();

describe("addCrewBoss and removeCrewBoss", () => {
  it("makes a person booked on the shift its crew boss, and removes them again", async () => {
    const shiftId = jobA.shifts[0].id;
    const result = await addCrewBoss(await ctxOf(w.pm), { shift_id: shiftId, user_id: bea });
    expect(result).toEqual({
      shift_id: shiftId,
      user: { id: bea, name: "Bea Booked" },
      message: "Bea Booked made crew boss on Crew job A",
    });
    // Adding twice keeps one row.
    await addCrewBoss(await ctxOf(w.crewHandler), { shift_id: String(shiftId), user_id: bea });
    expect(await bossesOf(shiftId)).toEqual([{ userId: bea }]);
    const view = await fetchJobForView(await ctxOf(w.pm), jobA.id);
    expect(view.shifts[0].crew_bosses).toEqual([{ id: bea, name: "Bea Booked" }]);
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectId, jobA.id), eq(schema.activityLog.logName, "jobs")),
      );
    expect(log.map((l) => l.description)).toContain("Made Bea Booked crew boss on Crew job A");

    expect(await removeCrewBoss(await ctxOf(w.pm), { shift_id: shiftId, user_id: bea })).toEqual({
      shift_id: shiftId,
      user_id: bea,
      message: "Bea Booked is no longer crew boss on Crew job A",
    });
    expect(await bossesOf(shiftId)).toEqual([]);
    const again = await appErrorOf(
      removeCrewBoss(await ctxOf(w.pm), { shift_id: shiftId, user_id: bea }),
    );
    expect(again.status).toBe(404);
    expect(again.message).toBe("This person is not crew boss on the shift.");
  });

  it("refuses someone not booked on that shift (409 not_booked), unless they are staff", async () => {
    const [first, second] = jobA.shifts.map((s) => s.id);
    for (const [shiftId, userId] of [
      [first, bo], // only Applied
      [second, bea], // booked on another shift of the job
      [first, w.worker],
    ]) {
      const err = await appErrorOf(
        addCrewBoss(await ctxOf(w.pm), { shift_id: shiftId, user_id: userId }),
      );
      expect(err.status).toBe(409);
      expect(err.type).toBe("not_booked");
      expect(await bossesOf(shiftId)).toEqual([]);
    }
    const named = await appErrorOf(
      addCrewBoss(await ctxOf(w.pm), { shift_id: first, user_id: bo }),
    );
    expect(named.message).toBe(
      "Bo Applied is not booked on this shift. Book them first, then make them crew boss.",
    );
    await addCrewBoss(await ctxOf(w.pm), { shift_id: second, user_id: w.crewHandler });
    expect(await bossesOf(second)).toEqual([{ userId: w.crewHandler }]);
    await removeCrewBoss(await ctxOf(w.pm), { shift_id: second, user_id: w.crewHandler });
  });

  it("validates its input: unknown or inactive person 422, bad ids 422, unknown shift 404", async () => {
    const shiftId = jobA.shifts[0].id;
    const ctx = await ctxOf(w.pm);
    for (const user_id of [inactive, 99_999_999]) {
      const err = await appErrorOf(addCrewBoss(ctx, { shift_id: shiftId, user_id }));
      expect(err.status).toBe(422);
      expect(err.errors?.user_id).toEqual(["The selected person does not exist or is not active."]);
    }
    for (const body of [{}, { shift_id: "x", user_id: bea }, { shift_id: shiftId, user_id: -1 }]) {
      expect((await appErrorOf(addCrewBoss(ctx, body))).status).toBe(422);
      expect((await appErrorOf(removeCrewBoss(ctx, body))).status).toBe(422);
    }
    expect(
      (await appErrorOf(addCrewBoss(ctx, { shift_id: 99_999_999, user_id: bea }))).status,
    ).toBe(404);
  });

  it("guards by role and scope: worker and plain client contact 403, another company 404", async () => {
    const shiftId = jobA.shifts[0].id;
    for (const who of [w.worker, w.colA]) {
      expect(
        (await appErrorOf(addCrewBoss(await ctxOf(who), { shift_id: shiftId, user_id: bea })))
          .status,
      ).toBe(403);
      expect(
        (await appErrorOf(removeCrewBoss(await ctxOf(who), { shift_id: shiftId, user_id: bea })))
          .status,
      ).toBe(403);
    }
    expect(
      (
        await appErrorOf(
          addCrewBoss(await ctxOf(w.colEditorB), { shift_id: shiftId, user_id: bea }),
        )
      ).status,
    ).toBe(404);
    expect(await bossesOf(shiftId)).toEqual([]);
    await addCrewBoss(await ctxOf(w.colEditorA), { shift_id: shiftId, user_id: bea });
    expect(
      (
        await appErrorOf(
          removeCrewBoss(await ctxOf(w.colEditorB), { shift_id: shiftId, user_id: bea }),
        )
      ).status,
    ).toBe(404);
    expect(await bossesOf(shiftId)).toEqual([{ userId: bea }]);
    await removeCrewBoss(await ctxOf(w.colEditorA), { shift_id: shiftId, user_id: bea });
    expect(await bossesOf(shiftId)).toEqual([]);
  });

  it("answers 404 for a removed shift", async () => {
    const job = await insertJob(handle.db, {
      name: "Removed shift",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [spec(12, 8, 0, [{ skillId: w.skill, positions: 1 }])],
    });
    await handle.db
      .update(schema.shifts)
      .set({ deletedAt: now })
      .where(eq(schema.shifts.id, job.shifts[0].id));
    const err = await appErrorOf(
      addCrewBoss(await ctxOf(w.pm), { shift_id: job.shifts[0].id, user_id: w.crewHandler }),
    );
    expect(err.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { applicationStatus, applyOn, jobSnapshot } from "@/lib/testing/jobs-fixtures";
import { updateJob } from "./edit";
import { fetchJobForView } from "./view";
import {
  bea,
  bo,
  ctxOf,
  formOf,
  formShift,
  handle,
  makeJob,
  now,
  payloadOf,
  shiftIn,
  slotRow,
  setUpEditDatabase,
  w,
} from "./edit.test-support";

setUpEditDatabase();

describe("updateJob: slots", () => {
  it("replaces the quantity when a slot (id null) is added for a skill the shift already has", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    const slotId = form.shifts[0].shift_slots[0].id;
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], {
            shift_slots: [{ id: null, skill_id: w.skill, positions: 7 }],
          }),
        ],
      }),
    );
    const after = await formOf(job.id);
    expect(after.shifts[0].shift_slots).toEqual([
      expect.objectContaining({ id: slotId, skill_id: w.skill, positions: 7 }),
    ]);
    const rows = await handle.db
      .select()
      .from(schema.shiftSlots)
      .where(eq(schema.shiftSlots.shiftId, form.shifts[0].id));
    expect(rows).toHaveLength(1);
  });

  it("adds a slot for a new skill and changes a slot's positions", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    const s = form.shifts[0];
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          formShift(s, {
            shift_slots: [
              { id: s.shift_slots[0].id, skill_id: w.skill, positions: 5 },
              { id: null, skill_id: w.skill3, positions: 2 },
            ],
          }),
        ],
      }),
    );
    const after = await formOf(job.id);
    expect(after.shifts[0].shift_slots.map((x) => [x.skill.name, x.positions])).toEqual([
      ["Stagehand", 5],
      ["Runner", 2],
    ]);
  });

  it("refuses positions below the filled count (409 positions_below_booked); equal is fine", async () => {
    const job = await makeJob([shiftIn({ slots: [{ skill_id: w.skill, qty: 3 }] })]);
    const form = await formOf(job.id);
    const slot = form.shifts[0].shift_slots[0];
    await applyOn(handle.db, slot.id, bea, "Booked");
    await applyOn(handle.db, slot.id, bo, "Report!");
    const before = await jobSnapshot(handle.db, job.id);
    const withPositions = (positions: number) =>
      payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], {
            shift_slots: [{ id: slot.id, skill_id: w.skill, positions }],
          }),
        ],
      });
    const err = await appErrorOf(updateJob(await ctxOf(w.pm), job.id, withPositions(1)));
    expect(err.status).toBe(409);
    expect(err.type).toBe("positions_below_booked");
    expect(err.message).toBe("2 people are booked on Stagehand; its positions cannot go below 2.");
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);
    await updateJob(await ctxOf(w.pm), job.id, withPositions(2));
    expect((await slotRow(slot.id)).positions).toBe(2);
  });

  // Bug: a slot sent without id for a skill the shift already has replaces the quantity
  // without the filled-count check, so positions drop below the people booked on it.
  it("refuses a replacing slot (id null) whose quantity is below the filled count", async () => {
    const job = await makeJob([shiftIn({ slots: [{ skill_id: w.skill, qty: 3 }] })]);
    const form = await formOf(job.id);
    const slot = form.shifts[0].shift_slots[0];
    await applyOn(handle.db, slot.id, bea, "Booked");
    await applyOn(handle.db, slot.id, bo, "Booked");
    const err = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [
            formShift(form.shifts[0], {
              shift_slots: [{ id: null, skill_id: w.skill, positions: 1 }],
            }),
          ],
        }),
      ),
    );
    expect(err.status).toBe(409);
    expect(err.type).toBe("positions_below_booked");
    expect((await slotRow(slot.id)).positions).toBe(3);
  });

  it("hard-deletes a removed slot nobody applied to", async () => {
    const job = await makeJob([
      shiftIn({
        slots: [
          { skill_id: w.skill, qty: 2 },
          { skill_id: w.skill2, qty: 1 },
        ],
      }),
    ]);
    const form = await formOf(job.id);
    const [keep, drop] = form.shifts[0].shift_slots;
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], {
            shift_slots: [
              { id: keep.id, skill_id: keep.skill_id, positions: keep.positions },
              { id: drop.id, skill_id: drop.skill_id, positions: drop.positions, isDeleted: true },
            ],
          }),
        ],
      }),
    );
    expect(await slotRow(drop.id)).toBeUndefined();
    expect((await formOf(job.id)).shifts[0].shift_slots.map((s) => s.id)).toEqual([keep.id]);
  });

  it("asks before removing a booked slot (410), then cancels the booking and archives the slot", async () => {
    const job = await makeJob([
      shiftIn({
        slots: [
          { skill_id: w.skill, qty: 2 },
          { skill_id: w.skill2, qty: 1 },
        ],
      }),
    ]);
    const form = await formOf(job.id);
    const [keep, drop] = form.shifts[0].shift_slots;
    const app = await applyOn(handle.db, drop.id, bea, "Booked");
    const payload = payloadOf(form, {
      shifts: [
        formShift(form.shifts[0], {
          shift_slots: [
            { id: keep.id, skill_id: keep.skill_id, positions: keep.positions },
            { id: drop.id, skill_id: drop.skill_id, positions: drop.positions, isDeleted: true },
          ],
        }),
      ],
    });
    const before = await jobSnapshot(handle.db, job.id);
    const err = await appErrorOf(updateJob(await ctxOf(w.pm), job.id, payload));
    expect(err.status).toBe(410);
    expect(err.type).toBe("bookings_affected");
    expect(err.message).toBe(
      "Bea Booked is booked on what you are removing. Cancel this booking to save?",
    );
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);

    await updateJob(await ctxOf(w.pm), job.id, { ...payload, cancel_bookings: "1" });
    expect(await applicationStatus(handle.db, app)).toBe("Denied");
    expect((await slotRow(drop.id)).deletedAt?.toISOString()).toBe(now.toISOString());
    const view = await fetchJobForView(await ctxOf(w.pm), job.id);
    expect(view.shifts[0].shift_slots.map((s) => s.id)).toEqual([keep.id]);
    expect(view.shifts[0].crew).toEqual([]);

    // The skill can be put back on the shift as a fresh slot beside the archived one.
    const again = await formOf(job.id);
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(again, {
        shifts: [
          formShift(again.shifts[0], {
            shift_slots: [
              { id: keep.id, skill_id: keep.skill_id, positions: keep.positions },
              { id: null, skill_id: w.skill2, positions: 3 },
            ],
          }),
        ],
      }),
    );
    const slots = (await formOf(job.id)).shifts[0].shift_slots;
    expect(slots.map((s) => [s.skill_id, s.positions, s.filled])).toEqual([
      [w.skill, 2, 0],
      [w.skill2, 3, 0],
    ]);
    expect(slots[1].id).not.toBe(drop.id);
  });

  it("refuses to remove a slot with hours reported (409 hours_reported)", async () => {
    const job = await makeJob([
      shiftIn({
        slots: [
          { skill_id: w.skill, qty: 2 },
          { skill_id: w.skill2, qty: 1 },
        ],
      }),
    ]);
    const form = await formOf(job.id);
    const [keep, drop] = form.shifts[0].shift_slots;
    await applyOn(handle.db, drop.id, bea, "Reported");
    const before = await jobSnapshot(handle.db, job.id);
    const err = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          cancel_bookings: true,
          shifts: [
            formShift(form.shifts[0], {
              shift_slots: [
                { id: keep.id, skill_id: keep.skill_id, positions: keep.positions },
                { id: drop.id, skill_id: drop.skill_id, positions: 1, isDeleted: true },
              ],
            }),
          ],
        }),
      ),
    );
    expect(err.status).toBe(409);
    expect(err.type).toBe("hours_reported");
    expect(await jobSnapshot(handle.db, job.id)).toEqual(before);
  });

  it("refuses a shift left without live slots and a skill twice on one shift (422)", async () => {
    const job = await makeJob();
    const form = await formOf(job.id);
    const s = form.shifts[0];
    const ctx = await ctxOf(w.pm);
    const noSlots = await appErrorOf(
      updateJob(ctx, job.id, payloadOf(form, { shifts: [formShift(s, { shift_slots: [] })] })),
    );
    expect(noSlots.status).toBe(422);
    expect(noSlots.errors?.["shifts.0.shift_slots"]).toEqual(["needs at least one skill slot"]);
    const twice = await appErrorOf(
      updateJob(
        ctx,
        job.id,
        payloadOf(form, {
          shifts: [
            formShift(s, {
              shift_slots: [
                { id: s.shift_slots[0].id, skill_id: w.skill, positions: 2 },
                { id: null, skill_id: w.skill, positions: 3 },
              ],
            }),
          ],
        }),
      ),
    );
    expect(twice.status).toBe(422);
    expect(twice.type).toBe("shifts_invalid");
    const badSkill = await appErrorOf(
      updateJob(
        ctx,
        job.id,
        payloadOf(form, {
          shifts: [formShift(s, { shift_slots: [{ id: null, skill_id: 999_999, positions: 1 }] })],
        }),
      ),
    );
    expect(badSkill.status).toBe(422);
    expect(badSkill.errors?.["shifts.0.shift_slots.0.skill_id"]).toEqual([
      "The selected skill does not exist.",
    ]);
  });

  // A skill deleted on /skills while a job uses it is archived: the job stays editable.
  it("keeps a slot of an archived skill editable, but refuses adding an archived skill", async () => {
    const [kept, gone] = await handle.db
      .insert(schema.skills)
      .values([{ name: "Archived kept" }, { name: "Archived new" }])
      .returning();
    const job = await makeJob([shiftIn({ slots: [{ skill_id: kept.id, qty: 2 }] })]);
    await handle.db
      .update(schema.skills)
      .set({ deletedAt: now })
      .where(eq(schema.skills.id, kept.id));
    await handle.db
      .update(schema.skills)
      .set({ deletedAt: now })
      .where(eq(schema.skills.id, gone.id));
    const form = await formOf(job.id);
    const slot = form.shifts[0].shift_slots[0];
    expect(slot.skill.name).toBe("Archived kept");
    await updateJob(
      await ctxOf(w.pm),
      job.id,
      payloadOf(form, {
        shifts: [
          formShift(form.shifts[0], {
            shift_slots: [{ id: slot.id, skill_id: kept.id, positions: 3 }],
          }),
        ],
      }),
    );
    expect((await slotRow(slot.id)).positions).toBe(3);
    const err = await appErrorOf(
      updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [
            formShift(form.shifts[0], {
              shift_slots: [
                { id: slot.id, skill_id: kept.id, positions: 3 },
                { id: null, skill_id: gone.id, positions: 1 },
              ],
            }),
          ],
        }),
      ),
    );
    expect(err.status).toBe(422);
    expect(err.errors?.["shifts.0.shift_slots.1.skill_id"]).toEqual([
      "The selected skill does not exist.",
    ]);
  });
});

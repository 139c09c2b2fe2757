import { describe, expect, it } from "vitest";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { applicationStatus, applyOn, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { createUser } from "@/lib/testing/fixtures";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  changeApplication,
  changeApplicationStatus,
  deleteApplication,
  undoApplicationChange,
} from ".";

let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");
const LATER = new Date(NOW.getTime() + 5_000);

bookingSuite(NOW, (s) => ({ db, w, k } = s));

const ctx = (userId: number, now = LATER) => k.ctx(userId, now);
const undo = async (userId: number, activityId: number | null, now = LATER) =>
  undoApplicationChange(await ctx(userId, now), { activity_id: activityId });

async function appOf(workerId: number, shiftId: number) {
  const [row] = await db
    .select()
    .from(schema.applications)
    .where(
      and(eq(schema.applications.assigneeId, workerId), eq(schema.applications.shiftId, shiftId)),
    );
  return row;
}

/** The removal's mails to a worker (the booking's own "You are booked" mail aside). */
async function outboxFor(workerId: number) {
  const [u] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, workerId));
  return db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.to, u.email), ne(schema.mailOutbox.template, "shift_booked")))
    .orderBy(schema.mailOutbox.id);
}

/** A two-shift job with one Stagehand slot per shift (positions each). */
async function twoShiftJob(day: string, positions = 1) {
  const job = await insertJob(db, {
    clientRates: true,
    name: `Undo ${day}`,
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: new Date(`${day}T07:00:00Z`),
        endsAt: new Date(`${day}T11:00:00Z`),
        slots: [{ skillId: w.skill, positions }],
      },
      {
        startsAt: new Date(`${day}T13:00:00Z`),
        endsAt: new Date(`${day}T17:00:00Z`),
        slots: [{ skillId: w.skill, positions }],
      },
    ],
  });
  return {
    jobId: job.id,
    a: { shiftId: job.shifts[0].id, slotId: job.shifts[0].slots[0].id },
    b: { shiftId: job.shifts[1].id, slotId: job.shifts[1].slots[0].id },
  };
}

describe("undo a removal (POST applications/undo)", () => {
  it("puts a removed Booked, checked-in worker back as Booked with the booking as it was, and logs it", async () => {
    const s = await k.oneShiftJob("2026-12-09T07:00:00Z", "2026-12-09T15:00:00Z", 2);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s, { closely: true });
    const checkIn = new Date("2026-12-07T10:55:00Z");
    await db
      .update(schema.applications)
      .set({ checkInAt: checkIn })
      .where(eq(schema.applications.id, booked.id));
    const before = await appOf(worker, s.shiftId);

    const removed = await deleteApplication(await ctx(w.pm, NOW), booked.id);
    expect(removed.message).toMatch(/^Worker \d+ removed from Job 2026-12-09T07:00:00Z$/);
    expect(await appOf(worker, s.shiftId)).toBeUndefined();

    const res = await undo(w.pm, removed.undo_activity_id);
    expect(res.message).toMatch(/^Worker \d+ back on Job 2026-12-09T07:00:00Z · Wed 09\/12$/);
    expect(res.application).toMatchObject({
      assignee_id: worker,
      status: "Booked",
      shift_slot_id: s.slotId,
      booked_by: { id: w.pm },
      closely: true,
    });
    const after = await appOf(worker, s.shiftId);
    expect(after.checkInAt?.toISOString()).toBe(checkIn.toISOString());
    expect(after.bookedAt?.toISOString()).toBe(before.bookedAt?.toISOString());
    expect(after.createdAt.toISOString()).toBe(before.createdAt.toISOString());
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, after.id))
      .orderBy(desc(schema.activityLog.id))
      .limit(1);
    expect(log.description).toMatch(/^Undid the removal of Worker \d+ \(Booked\)/);
    expect(log.causerId).toBe(w.pm);
    expect((log.properties as { undo_of: number }).undo_of).toBe(removed.undo_activity_id);
  });

  it("answers 409 when the place was taken meanwhile, and writes nothing", async () => {
    const s = await k.oneShiftJob("2026-12-10T07:00:00Z", "2026-12-10T15:00:00Z", 1);
    const first = await k.worker([w.skill]);
    const second = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, first, s);
    const removed = await deleteApplication(await ctx(w.pm, NOW), booked.id);
    await k.book(w.crewHandler, second, s);

    const err = await appErrorOf(undo(w.pm, removed.undo_activity_id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("slot_full");
    expect(err.message).toMatch(
      /^This shift slot is full: Stagehand on .* has 1 of 1 positions filled\.$/,
    );
    expect(await appOf(first, s.shiftId)).toBeUndefined();
    expect(await k.filledOf(s.slotId)).toBe(1);
  });

  it("answers 409 when the worker was booked elsewhere at the same time meanwhile", async () => {
    const s = await k.oneShiftJob("2026-12-11T07:00:00Z", "2026-12-11T15:00:00Z", 1);
    const other = await k.oneShiftJob("2026-12-11T08:00:00Z", "2026-12-11T12:00:00Z", 1);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s);
    const removed = await deleteApplication(await ctx(w.pm, NOW), booked.id);
    await k.book(w.pm, worker, other);
    const err = await appErrorOf(undo(w.pm, removed.undo_activity_id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("overlap");
  });

  it("undoes once, only for the person who removed, and only for a while", async () => {
    const s = await k.oneShiftJob("2026-12-12T07:00:00Z", "2026-12-12T15:00:00Z", 3);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s);
    const removed = await deleteApplication(await ctx(w.pm, NOW), booked.id);

    // Another booker, a client contact and a worker cannot undo someone else's change.
    for (const who of [w.crewHandler, w.colA, worker]) {
      const err = await appErrorOf(undo(who, removed.undo_activity_id));
      expect(err.status).toBe(404);
    }
    const late = await appErrorOf(
      undo(w.pm, removed.undo_activity_id, new Date(NOW.getTime() + 11 * 60_000)),
    );
    expect([late.status, late.type]).toEqual([409, "undo_expired"]);

    await undo(w.pm, removed.undo_activity_id);
    const again = await appErrorOf(undo(w.pm, removed.undo_activity_id));
    expect([again.status, again.type]).toEqual([409, "already_undone"]);
    expect(await k.filledOf(s.slotId)).toBe(1);

    const bad = await appErrorOf(undoApplicationChange(await ctx(w.pm), { activity_id: "abc" }));
    expect(bad.status).toBe(422);
  });

  it("mails the worker when the removal asks to notify them, and again when it is undone", async () => {
    const s = await k.oneShiftJob("2026-12-13T07:00:00Z", "2026-12-13T15:00:00Z", 2);
    const worker = await k.worker([w.skill]);
    const quiet = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s);
    const [booked2] = await k.book(w.pm, quiet, s);

    const removed = await deleteApplication(await ctx(w.pm, NOW), booked.id, { notify: true });
    await deleteApplication(await ctx(w.pm, NOW), booked2.id, { notify: false });
    const mails = await outboxFor(worker);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "application_removed",
      subject: `You are no longer booked on Job 2026-12-13T07:00:00Z`,
      status: "queued",
    });
    expect(mails[0].text).toContain("You have been taken off the shift Stagehand on");
    expect(await outboxFor(quiet)).toHaveLength(0);

    await undo(w.pm, removed.undo_activity_id);
    const after = await outboxFor(worker);
    expect(after.map((m) => m.template)).toEqual(["application_removed", "application_restored"]);
  });

  it("a removal that is refused sends no mail", async () => {
    const s = await k.oneShiftJob("2026-12-14T07:00:00Z", "2026-12-14T15:00:00Z", 2);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s);
    const err = await appErrorOf(
      deleteApplication(await ctx(w.colA, NOW), booked.id, { notify: true }),
    );
    expect(err.status).toBe(403);
    expect(await outboxFor(worker)).toHaveLength(0);
  });
});

describe("undo a move", () => {
  it("moves the worker back to the slot they came from", async () => {
    const j = await twoShiftJob("2026-12-15");
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, j.a);
    const moved = await changeApplication(await ctx(w.pm, NOW), {
      application_id: booked.id,
      shift_slot_id: j.b.slotId,
    });
    expect(moved.application.shift_slot_id).toBe(j.b.slotId);
    // The answer names whom it moved, to which day and skill (issue 23).
    expect(moved.message).toMatch(/^Worker \d+ moved to Tue 15\/12 · \S+/);
    const res = await undo(w.pm, moved.undo_activity_id);
    expect(res.message).toMatch(/^Worker \d+ moved to Tue 15\/12 · \S+/);
    expect(res.application).toMatchObject({
      shift_slot_id: j.a.slotId,
      shift_id: j.a.shiftId,
      status: "Booked",
    });
  });

  it("answers 409 when the slot it came from was filled meanwhile", async () => {
    const j = await twoShiftJob("2026-12-16");
    const worker = await k.worker([w.skill]);
    const taker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, j.a);
    const moved = await changeApplication(await ctx(w.pm, NOW), {
      application_id: booked.id,
      shift_slot_id: j.b.slotId,
    });
    await k.book(w.pm, taker, j.a);
    const err = await appErrorOf(undo(w.pm, moved.undo_activity_id));
    expect([err.status, err.type]).toEqual([409, "slot_full"]);
    expect((await appOf(worker, j.b.shiftId)).shiftSlotId).toBe(j.b.slotId);
  });

  it("answers 409 when the application changed since the move", async () => {
    const j = await twoShiftJob("2026-12-17", 2);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, j.a);
    const moved = await changeApplication(await ctx(w.pm, NOW), {
      application_id: booked.id,
      shift_slot_id: j.b.slotId,
    });
    await deleteApplication(await ctx(w.pm, NOW), booked.id);
    const err = await appErrorOf(undo(w.pm, moved.undo_activity_id));
    expect([err.status, err.type]).toEqual([409, "changed_meanwhile"]);
  });
});

describe("moving onto a shift the worker is already on (one rule for move and undo)", () => {
  it("refuses the move with 409 already_on_shift and leaves the place where it was", async () => {
    const j = await twoShiftJob("2026-12-18", 2);
    const worker = await k.worker([w.skill]);
    const [onA] = await k.book(w.pm, worker, j.a);
    await k.book(w.pm, worker, j.b, { closely: true });
    const err = await appErrorOf(
      changeApplication(await ctx(w.pm, NOW), {
        application_id: onA.id,
        shift_slot_id: j.b.slotId,
      }),
    );
    expect([err.status, err.type]).toEqual([409, "already_on_shift"]);
    expect(err.message).toMatch(/is already on that shift \(Booked\)\.$/);
    expect((await appOf(worker, j.a.shiftId)).shiftSlotId).toBe(j.a.slotId);
  });

  it("refuses the undo of a move when the worker was booked back on the old shift meanwhile", async () => {
    const j = await twoShiftJob("2026-12-19", 2);
    const worker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, j.a);
    const moved = await changeApplication(await ctx(w.pm, NOW), {
      application_id: booked.id,
      shift_slot_id: j.b.slotId,
    });
    await k.book(w.pm, worker, j.a, { closely: true });
    const err = await appErrorOf(undo(w.pm, moved.undo_activity_id));
    expect([err.status, err.type]).toEqual([409, "already_on_shift"]);
    expect((await appOf(worker, j.b.shiftId)).id).toBe(booked.id);
  });
});

describe("moving into a slot of another skill", () => {
  it('asks "Move anyway?" (410 missing_skill), not "Book anyway?", and moves when repeated', async () => {
    const job = await insertJob(db, {
      clientRates: true,
      name: "Move anyway",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: new Date("2026-12-21T07:00:00Z"),
          endsAt: new Date("2026-12-21T15:00:00Z"),
          slots: [
            { skillId: w.skill, positions: 1 },
            { skillId: w.skill3, positions: 1 },
          ],
        },
      ],
    });
    const [stagehand, runner] = job.shifts[0].slots;
    const worker = await k.worker([w.skill], [], "Mo Mover");
    const [booked] = await k.book(w.pm, worker, {
      shiftId: job.shifts[0].id,
      slotId: stagehand.id,
    });
    const err = await appErrorOf(
      changeApplication(await ctx(w.pm, NOW), {
        application_id: booked.id,
        shift_slot_id: runner.id,
      }),
    );
    expect([err.status, err.type]).toEqual([410, "missing_skill"]);
    expect(err.message).toBe("Mo Mover does not have the skill Runner. Move anyway?");
    const moved = await changeApplication(await ctx(w.pm, NOW), {
      application_id: booked.id,
      shift_slot_id: runner.id,
      book_anyway: true,
    });
    expect(moved.application.shift_slot_id).toBe(runner.id);
  });
});

describe("undo a status change", () => {
  it("sets a booked applicant back to Applied, without the booking fields", async () => {
    const s = await k.oneShiftJob("2026-12-18T07:00:00Z", "2026-12-18T15:00:00Z", 2);
    const worker = await k.worker([w.skill]);
    const id = await applyOn(db, s.slotId, worker, "Applied");
    const changed = await changeApplicationStatus(await ctx(w.pm, NOW), id, { status: "Booked" });
    expect(changed.application.status).toBe("Booked");
    const res = await undo(w.pm, changed.undo_activity_id);
    expect(res.message).toMatch(
      /^Worker \d+ back among the applicants of Job 2026-12-18T07:00:00Z · Fri 18\/12$/,
    );
    expect(res.application).toMatchObject({ status: "Applied", booked_by: null, booked_at: null });
  });

  it("refuses to put a Reserve back to Booked when the slot filled up meanwhile (409)", async () => {
    const s = await k.oneShiftJob("2026-12-19T07:00:00Z", "2026-12-19T15:00:00Z", 1);
    const worker = await k.worker([w.skill]);
    const taker = await k.worker([w.skill]);
    const [booked] = await k.book(w.pm, worker, s);
    const changed = await changeApplicationStatus(await ctx(w.pm, NOW), booked.id, {
      status: "Reserve",
    });
    await k.book(w.pm, taker, s);
    const err = await appErrorOf(undo(w.pm, changed.undo_activity_id));
    expect([err.status, err.type]).toEqual([409, "slot_full"]);
    expect(await applicationStatus(db, booked.id)).toBe("Reserve");
  });

  it("offers no undo for a worker's own answer", async () => {
    const s = await k.oneShiftJob("2026-12-20T07:00:00Z", "2026-12-20T15:00:00Z", 1);
    const worker = await k.worker([w.skill]);
    const [requested] = await k.book(w.pm, worker, s, { status: "Requested" });
    const answered = await changeApplicationStatus(await ctx(worker, NOW), requested.id, {
      status: "Request accepted",
    });
    expect(answered.undo_activity_id).toBeNull();
  });

  it("an activity row of another kind is nothing to undo (404)", async () => {
    const [row] = await db
      .insert(schema.activityLog)
      .values({
        logName: "applications",
        description: "x",
        subjectId: 1,
        causerId: w.pm,
        properties: sql`'{}'::jsonb`,
      })
      .returning({ id: schema.activityLog.id });
    const err = await appErrorOf(undo(w.pm, row.id));
    expect(err.status).toBe(404);
    const pmTwo = (await createUser(db, { roles: [ROLE.projectManager] })).id;
    expect((await appErrorOf(undo(pmTwo, row.id))).status).toBe(404);
  });
});

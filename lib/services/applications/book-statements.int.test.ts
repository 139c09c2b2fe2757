import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import type { JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { rowsOf } from "../chat/access";
import { bookApplications } from ".";

/**
 * What one booking costs the database (issue 27: bookings per second): the statements it sends,
 * and that the rows written together in one of them (the application and its activity row) are
 * both there, with the mail queued.
 */
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
let handle: DbHandle;

/** "Now" for every test: a fixed Monday noon in Copenhagen. */
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k, handle } = s));

const worker = (...a: Parameters<(typeof k)["worker"]>) => k.worker(...a);
const oneShiftJob = (start: string, end: string, positions = 2, companyId = w.companyA) =>
  k.oneShiftJob(start, end, positions, companyId);

describe("booking (POST applications): its cost", () => {
  it("books in 14 statements, its activity row written with the application (issue 27: bookings/s)", async () => {
    const s = await oneShiftJob("2026-12-10T08:00:00Z", "2026-12-10T12:00:00Z");
    const a = await worker([w.skill]);
    const counting = countingDb(handle);
    const c = await ctxFor(counting.db, w.pm, { now: NOW });
    counting.reset();
    const [app] = await bookApplications(c, {
      assignee_id: a,
      shiftIds: [s.shiftId],
      shift_slots: [s.slotId],
      status: "Booked",
    });
    expect(app).toMatchObject({ assignee_id: a, status: "Booked", shift_slot_id: s.slotId });
    // All in one transaction: its plan mode (generic plans), the slots looked up, jobs, worker,
    // the slots locked and read, the worker's places on the shifts, capacity + clashes + skills,
    // the rate and price questions' one read, the application with its activity row, the job
    // chat's crew, the mail's facts, branding and outbox row, the answer. Was 1 + 18 + 1 (the
    // slots read again under their locks, the capacity, clash and skill reads one each, the
    // activity row on its own), then 1 + 14 + 1 (the first read and the answer outside the
    // transaction, four rate and price reads).
    // (node-postgres sends begin and commit through the logger too, PGlite does not.)
    const sent = counting.sent().filter((q) => !/^(begin|commit)\b/i.test(q));
    expect(sent).toHaveLength(14);
    expect(sent[0]).toMatch(/^set local plan_cache_mode = force_generic_plan$/);
    const [logged] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, app.id));
    expect(logged).toMatchObject({
      logName: "applications",
      subjectType: "applications",
      causerId: w.pm,
      createdAt: NOW,
      properties: { from: null, to: "Booked", shift_slot_id: s.slotId, assignee_id: a },
    });
    expect(logged.description).toMatch(/^Booked Worker \d+ on Stagehand on Job /);
    const mails = await db
      .select({ template: schema.mailOutbox.template })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.userId, a));
    expect(mails).toEqual([{ template: "shift_booked" }]);
  });

  it("plans its statements generically inside its transaction only (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    // Named statements only the booking runs here (the fixtures run none of them).
    const names = [
      "applications_fill_facts",
      "applications_insert_logged",
      "applications_views",
      "rates_booking_facts",
    ];
    const s = await oneShiftJob("2026-12-11T08:00:00Z", "2026-12-11T12:00:00Z");
    const c = await ctxFor(db, w.pm, { now: NOW });
    for (const a of [await worker([w.skill]), await worker([w.skill])])
      await bookApplications(c, {
        assignee_id: a,
        shiftIds: [s.shiftId],
        shift_slots: [s.slotId],
        status: "Booked",
      });
    // pg-pool hands the client released last to the next caller: the connection that booked
    // (its prepared statements below say so: another connection would have none of them).
    const { mode, plans } = await db.transaction(async (tx) => ({
      mode: await rowsOf<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`),
      plans: await rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
        tx,
        sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
            where name in ${names} order by name`,
      ),
    }));
    // The pool's own mode is back once the booking's transaction ended (SET LOCAL).
    expect(mode).toEqual([{ plan_cache_mode: "force_custom_plan" }]);
    expect(plans.map((p) => p.name)).toEqual([...names].sort());
    for (const p of plans) {
      expect(p.custom_plans, p.name).toBe(0);
      expect(p.generic_plans, p.name).toBeGreaterThanOrEqual(1);
    }
  });
});

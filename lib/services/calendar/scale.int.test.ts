import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { calendarJobs, CALENDAR_MAX_EVENTS } from "./index";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-20T12:00:00Z");
const SHIFTS = 2_000;
/** Shifts on 7–9 December, past the busy month's range: with it, one more than the cap. */
const LATER = CALENDAR_MAX_EVENTS + 1 - SHIFTS;
/** Every shift's start (ms), as inserted. */
const starts: number[] = [];

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  // A busy month: 2,000 shifts over 40 jobs in November, two slots each, some booked.
  const job = await insertJob(db, {
    name: "Busy month",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [],
    workerRates: false,
  });
  const shifts = await db
    .insert(schema.shifts)
    .values(
      Array.from({ length: SHIFTS }, (_, i) => {
        const start = new Date(Date.UTC(2026, 10, 1 + (i % 30), 6 + (i % 12)));
        starts.push(start.getTime());
        return {
          jobId: job.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + 8 * 3_600_000),
        };
      }),
    )
    .returning({ id: schema.shifts.id });
  await db.insert(schema.shifts).values(
    Array.from({ length: LATER }, (_, i) => {
      const start = new Date(Date.UTC(2026, 11, 7 + (i % 3), 6 + (i % 12), i % 60));
      starts.push(start.getTime());
      return { jobId: job.id, startsAt: start, endsAt: new Date(start.getTime() + 3_600_000) };
    }),
  );
  // The job's span, as job create and edit write it (db:check "job-span"): the calendar reads it.
  await db.execute(sql`update jobs set starts_at = s.first, ends_at = s.last
    from (select min(starts_at) as first, max(ends_at) as last from shifts where job_id = ${job.id}) s
    where jobs.id = ${job.id}`);
  const slots = await db
    .insert(schema.shiftSlots)
    .values(shifts.flatMap((s) => [{ shiftId: s.id, skillId: w.skill, positions: 3 }]))
    .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
  await db.insert(schema.applications).values(
    slots
      .filter((_, i) => i % 3 === 0)
      .map((s) => ({
        shiftSlotId: s.id,
        shiftId: s.shiftId,
        assigneeId: w.worker,
        status: "Booked" as const,
      })),
  );
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

it("answers a 2,000-shift month in one query, within the event cap", async () => {
  const counting = countingDb(handle);
  const ctx = makeCtx(counting.db, (await ctxFor(db, w.pm, { now })).actor, { now });
  counting.reset();
  const t = performance.now();
  const r = await calendarJobs(ctx, { startDate: "2026-10-26", endDate: "2026-12-06" });
  const ms = performance.now() - t;
  const bytes = JSON.stringify({ data: r }).length;
  console.info(`calendar-jobs: ${r.events.length} events, ${bytes} bytes, ${ms.toFixed(0)} ms`);
  expect(counting.statements()).toBe(1);
  expect(r.events).toHaveLength(SHIFTS);
  expect(r.truncated).toBe(false);
  expect(SHIFTS).toBeLessThan(CALENDAR_MAX_EVENTS);
  expect(r.events.filter((e) => e.booked === 1)).toHaveLength(Math.ceil(SHIFTS / 3));
  // Under 1 MB for the busiest month the screen asks for.
  expect(bytes).toBeLessThan(1_000_000);
});

it("cuts a range holding more shifts than the cap to the soonest, and says how many matched", async () => {
  const counting = countingDb(handle);
  const ctx = makeCtx(counting.db, (await ctxFor(db, w.pm, { now })).actor, { now });
  counting.reset();
  const r = await calendarJobs(ctx, { startDate: "2026-11-01", endDate: "2026-12-10" });
  expect(counting.statements()).toBe(1);
  expect(r.events).toHaveLength(CALENDAR_MAX_EVENTS);
  expect(r.total).toBe(SHIFTS + LATER);
  expect(r.truncated).toBe(true);
  // The soonest 3,000 of the 3,001, in order: only the latest shift is left out.
  expect(r.events.map((e) => Date.parse(e.start))).toEqual(
    [...starts].sort((a, b) => a - b).slice(0, CALENDAR_MAX_EVENTS),
  );
});

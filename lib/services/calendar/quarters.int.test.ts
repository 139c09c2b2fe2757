import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { genericTwin, schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { runDbChecks } from "@/lib/db-check/checks";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { calendarJobs } from "./index";
import { sweepCalendarQuarters } from "./quarters";

// The office's month without filters counts its days from calendar_shift_quarters (kept by the
// triggers of migration calendar_shift_quarters); any filter counts them live from the shifts.
// With every job of company A, both must answer the same after each kind of write, and
// db:check's "calendar-quarters" must hold. May 2027 holds only the jobs made here.
let handle: DbHandle;
let db: Db;
let w: JobWorld;

const now = new Date("2026-11-20T12:00:00Z");
const at = (iso: string) => new Date(iso);
const as = async (userId: number) => ctxFor(db, userId, { now });
const shift = (from: string, to: string) => ({ startsAt: at(from), endsAt: at(to), slots: [] });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
});

afterAll(async () => {
  await handle.close();
});

/** The office's month answer from the roll-up and counted live (a filter naming every job's company). */
async function both(range: { startDate: string; endDate: string; time_zone: string }) {
  const rolled = await calendarJobs(await as(w.pm), { ...range, perDay: 2 });
  const live = await calendarJobs(await as(w.pm), {
    ...range,
    perDay: 2,
    filter: { companies: String(w.companyA) },
  });
  return { rolled, live };
}

async function quartersHold() {
  const check = (await runDbChecks(db)).find((r) => r.name === "calendar-quarters")!;
  expect(check).toMatchObject({ ids: [], count: 0 });
}

describe("calendar: the month's day counts from the quarter hours", () => {
  // Copenhagen in May 2027 is UTC+2: 22:00Z is local midnight.
  const may = { startDate: "2027-05-03", endDate: "2027-05-31", time_zone: "Europe/Copenhagen" };
  const made = {} as {
    one: number;
    two: number;
    s0: number;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
  };

  beforeAll(async () => {
    const base = { companyId: w.companyA, countryId: w.countryId };
    const one = await insertJob(db, {
      ...base,
      name: "May one",
      shifts: [
        // Carried into the first day (from the day before the grid).
        shift("2027-05-02T20:00:00Z", "2027-05-03T04:00:00Z"),
        shift("2027-05-04T08:00:00Z", "2027-05-04T12:00:00Z"),
        // A night 4th → 5th.
        shift("2027-05-04T20:00:00Z", "2027-05-05T04:00:00Z"),
        // Ends on the 6th's first instant: not on the 6th.
        shift("2027-05-05T14:00:00Z", "2027-05-05T22:00:00Z"),
      ],
    });
    // Starts on the 7th's first instant: on the 7th alone.
    const two = await insertJob(db, {
      ...base,
      name: "May two",
      shifts: [shift("2027-05-06T22:00:00Z", "2027-05-07T06:00:00Z")],
    });
    const [s0, s1, s2, s3] = one.shifts.map((s) => s.id);
    Object.assign(made, { one: one.id, two: two.id, s0, s1, s2, s3, s4: two.shifts[0].id });
  });

  it("counts each day as the live count does, in one statement, and reads the stored quarters", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await as(w.pm)).actor, { now });
    counting.reset();
    const rolled = await calendarJobs(ctx, { ...may, perDay: 2 });
    expect(counting.statements()).toBe(1);
    const expected = { "2027-05-03": 1, "2027-05-04": 2, "2027-05-05": 2, "2027-05-07": 1 };
    expect(rolled).toMatchObject({ days: expected, days_capped: [], total: 5 });
    expect(rolled.events.map((e) => e.id)).toEqual([made.s0, made.s1, made.s2, made.s3, made.s4]);
    // Through the app's db: on PostgreSQL a named statement on the twin pool that plans once
    // per connection (readPlannedOnce); the same answer as counted live.
    const { rolled: twinned, live } = await both(may);
    expect(twinned).toEqual(rolled);
    expect(rolled).toEqual(live);
    const twin = genericTwin(db);
    if (twin) {
      const named = await twin.execute(
        sql`select generic_plans from pg_prepared_statements where name like 'calendar_month%'`,
      );
      expect((named as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    }
    await quartersHold();

    // The roll-up is what answers: a stored start the shifts do not have shows (and the check
    // names it), the live count does not.
    await db.insert(schema.calendarShiftQuarters).values({
      at: at("2027-05-20T10:00:00Z"),
      starts: 1,
      ends: 0,
    });
    const off = await both(may);
    expect(off.rolled.days).toMatchObject({ "2027-05-20": 1, "2027-05-21": 1 });
    expect(off.live.days).toEqual(expected);
    expect((await runDbChecks(db)).find((r) => r.name === "calendar-quarters")?.count).toBe(1);
    await db
      .delete(schema.calendarShiftQuarters)
      .where(eq(schema.calendarShiftQuarters.at, at("2027-05-20T10:00:00Z")));
    await quartersHold();
  });

  it("follows moving, removing, archiving, restoring and deleting shifts and jobs", async () => {
    const step = async (write: () => Promise<unknown>, days: Record<string, number>) => {
      await write();
      const { rolled, live } = await both(may);
      expect(rolled.days).toEqual(days);
      expect(rolled).toEqual(live);
      await quartersHold();
    };
    const s = schema.shifts;
    // Moved within the month (the job's span still meets it).
    await step(
      () =>
        db
          .update(s)
          .set({ startsAt: at("2027-05-10T08:00:00Z"), endsAt: at("2027-05-10T12:00:00Z") })
          .where(eq(s.id, made.s1)),
      { "2027-05-03": 1, "2027-05-04": 1, "2027-05-05": 2, "2027-05-07": 1, "2027-05-10": 1 },
    );
    // Removed in the editor (kept, deleted_at set) and an unrelated change (nothing counted).
    await step(() => db.update(s).set({ deletedAt: now }).where(eq(s.id, made.s3)), {
      "2027-05-03": 1,
      "2027-05-04": 1,
      "2027-05-05": 1,
      "2027-05-07": 1,
      "2027-05-10": 1,
    });
    await step(
      () =>
        db
          .update(s)
          .set({ updatedAt: now })
          .where(inArray(s.id, [made.s0, made.s2])),
      { "2027-05-03": 1, "2027-05-04": 1, "2027-05-05": 1, "2027-05-07": 1, "2027-05-10": 1 },
    );
    // The job archived, then restored.
    const j = schema.jobs;
    await step(() => db.update(j).set({ deletedAt: now }).where(eq(j.id, made.two)), {
      "2027-05-03": 1,
      "2027-05-04": 1,
      "2027-05-05": 1,
      "2027-05-10": 1,
    });
    await step(() => db.update(j).set({ deletedAt: null }).where(eq(j.id, made.two)), {
      "2027-05-03": 1,
      "2027-05-04": 1,
      "2027-05-05": 1,
      "2027-05-07": 1,
      "2027-05-10": 1,
    });
    // A shift moved to the archived job, then deleted there: neither counts.
    await step(
      async () => {
        await db.update(j).set({ deletedAt: now }).where(eq(j.id, made.two));
        await db.update(s).set({ jobId: made.two }).where(eq(s.id, made.s0));
      },
      { "2027-05-04": 1, "2027-05-05": 1, "2027-05-10": 1 },
    );
    await step(() => db.delete(s).where(eq(s.id, made.s0)), {
      "2027-05-04": 1,
      "2027-05-05": 1,
      "2027-05-10": 1,
    });
    // The sweep sums each quarter's rows into one; the answers stay.
    const rows = async () =>
      Number(
        (
          (await db.execute(
            sql`select count(*)::int as n, count(distinct at)::int as quarters from calendar_shift_quarters`,
          )) as unknown as { rows: { n: number; quarters: number }[] }
        ).rows[0].n,
      );
    const before = await rows();
    await step(
      async () => expect((await sweepCalendarQuarters(db, { batch: 2 })).quarters).toBe(2),
      { "2027-05-04": 1, "2027-05-05": 1, "2027-05-10": 1 },
    );
    await step(() => sweepCalendarQuarters(db), {
      "2027-05-04": 1,
      "2027-05-05": 1,
      "2027-05-10": 1,
    });
    expect(await rows()).toBeLessThan(before);
    expect((await sweepCalendarQuarters(db)).quarters).toBe(0);
    // A shift deleted outright, then a live job deleted with its shifts (cascade).
    await step(() => db.delete(s).where(eq(s.id, made.s2)), { "2027-05-10": 1 });
    await step(() => db.delete(j).where(eq(j.id, made.one)), {});
    // An archived job deleted with its shifts takes nothing away twice.
    await step(() => db.delete(j).where(eq(j.id, made.two)), {});
  });

  it("stays exact when a job is archived while shifts are added to it", async () => {
    // On PostgreSQL the two run at once: the shifts' insert locks the job FOR SHARE, so the
    // archive waits for its commit and the archive's trigger then sees the new shifts. Without
    // the lock the archive took away only the shift it saw and the new ones stayed counted
    // (checked: this test fails then; a shift's update or delete also marks the job's
    // statistics row, which would serialize the two anyway).
    const job = await insertJob(db, {
      companyId: w.companyA,
      countryId: w.countryId,
      name: "June race",
      shifts: [shift("2027-06-08T08:00:00Z", "2027-06-08T12:00:00Z")],
    });
    const s = schema.shifts;
    const j = schema.jobs;
    const june = { startDate: "2027-06-01", endDate: "2027-06-30", time_zone: "Europe/Copenhagen" };
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.insert(s).values(
          ["09", "10", "11"].map((d) => ({
            jobId: job.id,
            startsAt: at(`2027-06-${d}T08:00:00Z`),
            endsAt: at(`2027-06-${d}T12:00:00Z`),
          })),
        );
        await new Promise((done) => setTimeout(done, 150));
      }),
      (async () => {
        await new Promise((done) => setTimeout(done, 50));
        await db.update(j).set({ deletedAt: now }).where(eq(j.id, job.id));
      })(),
    ]);
    await quartersHold();
    expect((await both(june)).rolled.days).toEqual({});
    await db.update(j).set({ deletedAt: null }).where(eq(j.id, job.id));
    await quartersHold();
    const { rolled, live } = await both(june);
    expect(rolled.days).toEqual({
      "2027-06-08": 1,
      "2027-06-09": 1,
      "2027-06-10": 1,
      "2027-06-11": 1,
    });
    expect(rolled).toEqual(live);
  });

  it("counts live where the zone's midnights are not on quarter hours", async () => {
    // Monrovia was UTC-0:44:30 until 1972: its days begin at :44:30 past an hour (UTC).
    const base = { companyId: w.companyA, countryId: w.countryId };
    await insertJob(db, {
      ...base,
      name: "Monrovia 1971",
      shifts: [shift("1971-03-03T00:30:00Z", "1971-03-03T08:00:00Z")],
    });
    const march = { startDate: "1971-03-01", endDate: "1971-03-31", time_zone: "Africa/Monrovia" };
    // 00:30Z is 23:45:30 on the 2nd there: the 2nd and the 3rd.
    const { rolled, live } = await both(march);
    expect(rolled.days).toEqual({ "1971-03-02": 1, "1971-03-03": 1 });
    expect(rolled).toEqual(live);
    await quartersHold();
    // Stored quarters are not read there.
    await db.execute(
      sql`insert into calendar_shift_quarters (at, starts, ends) values ('1971-03-10T12:00:00Z', 1, 0)`,
    );
    expect((await both(march)).rolled.days).toEqual({ "1971-03-02": 1, "1971-03-03": 1 });
    await db.execute(sql`delete from calendar_shift_quarters where at = '1971-03-10T12:00:00Z'`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { CALENDAR_DAY_COUNT_CAP } from "@/lib/domain/calendar";
import { makeCtx } from "../context";
import { calendarJobs, calendarShifts } from "./index";

// The month view's busy days and the details each event carries, on a world of their own (the
// rest of calendar-jobs is in calendar.int.test.ts): February and March 2027 hold only the jobs
// made here.
let handle: DbHandle;
let db: Db;
let w: JobWorld;
let londonCountry: number;

const now = new Date("2026-11-20T12:00:00Z");
const at = (iso: string) => new Date(iso);
const as = async (userId: number) => ctxFor(db, userId, { now });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  await db
    .insert(schema.currencies)
    .values({ code: "GBP", name: "Pound sterling", symbol: "£" })
    .onConflictDoNothing();
  const [gb] = await db
    .insert(schema.countries)
    .values({
      name: "United Kingdom",
      isoCode: "GB",
      currencyCode: "GBP",
      timeZone: "Europe/London",
    })
    .returning();
  londonCountry = gb.id;
});

afterAll(async () => {
  await handle.close();
});

describe("calendar-jobs with perDay: a day's count stops at CALENDAR_DAY_COUNT_CAP", () => {
  // February 2027 (CET, UTC+1): 99 day shifts on the 2nd, a night shift 2nd → 3rd and 97 day
  // shifts on the 3rd, all of company A: the 2nd holds 100 (over the cap), the 3rd 98 (under it).
  const feb = { startDate: "2027-02-01", endDate: "2027-02-28" };
  const minutes = (n: number, day: string) =>
    Array.from({ length: n }, (_, i) => {
      const start = new Date(`${day}T07:00:00Z`).getTime() + i * 60_000;
      return { startsAt: new Date(start), endsAt: new Date(start + 8 * 3_600_000), slots: [] };
    });
  const busy = {} as { job: number; night: number; firstOn2: number; firstOn3: number };

  beforeAll(async () => {
    const base = { companyId: w.companyA, countryId: w.countryId };
    const second = await insertJob(db, {
      ...base,
      name: "February 2nd",
      shifts: minutes(99, "2027-02-02"),
    });
    const night = await insertJob(db, {
      ...base,
      name: "February night",
      shifts: [
        { startsAt: at("2027-02-02T21:00:00Z"), endsAt: at("2027-02-03T05:00:00Z"), slots: [] },
      ],
    });
    const third = await insertJob(db, {
      ...base,
      name: "February 3rd",
      shifts: minutes(97, "2027-02-03"),
    });
    Object.assign(busy, {
      job: second.id,
      night: night.shifts[0].id,
      firstOn2: second.shifts[0].id,
      firstOn3: third.shifts[0].id,
    });
  });

  it("answers the cap for a day over it and names the day; a day under it is exact", async () => {
    expect(CALENDAR_DAY_COUNT_CAP).toBe(99);
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await as(w.pm)).actor, { now });
    counting.reset();
    const r = await calendarJobs(ctx, { ...feb, perDay: 2 });
    expect(counting.queries()).toBe(1);
    expect(r.days).toEqual({ "2027-02-02": 99, "2027-02-03": 98 });
    expect(r.days_capped).toEqual(["2027-02-02"]);
    // Each day's own first shifts: the night shift (2nd → 3rd) starts on the 2nd after its
    // first two, so it is in the 2nd's "+N more", and the 3rd leads with its own shifts — it
    // used to lead the 3rd, and a day whose first few were all the evening before's (the grid's
    // last day at scale) showed none of its own.
    expect(r.events.map((e) => e.id)).toEqual([
      busy.firstOn2,
      busy.firstOn2 + 1,
      busy.firstOn3,
      busy.firstOn3 + 1,
    ]);
    // Every shift of the month was counted on some day (the 2nd's last was its 100th).
    expect(r.total).toBe(197);
  });

  it("caps per caller scope and filters, and leaves the answer without perDay and the day view whole", async () => {
    const client = await calendarJobs(await as(w.colA), { ...feb, perDay: 2 });
    expect(client.days).toEqual({ "2027-02-02": 99, "2027-02-03": 98 });
    expect(client.days_capped).toEqual(["2027-02-02"]);
    const other = await calendarJobs(await as(w.colB), { ...feb, perDay: 2 });
    expect(other).toMatchObject({ days: {}, days_capped: [], events: [], total: 0 });
    const companyB = await calendarJobs(await as(w.pm), {
      ...feb,
      perDay: 2,
      filter: { companies: String(w.companyB) },
    });
    expect(companyB).toMatchObject({ days: {}, days_capped: [] });
    const worker = await calendarJobs(await as(w.worker), { ...feb, perDay: 2 });
    expect(worker).toMatchObject({ days: {}, days_capped: [] });

    const all = await calendarJobs(await as(w.pm), feb);
    expect(all.total).toBe(197);
    expect(all.events).toHaveLength(197);
    expect("days_capped" in all).toBe(false);
    const day = await calendarShifts(await as(w.pm), { date: "2027-02-02", perPage: 10 });
    expect(day.meta.total).toBe(100);
  });
});

describe("calendar: a job's details on every one of its shifts", () => {
  // March 2027: one London job at a venue with two shifts (the second's booked slot removed,
  // so its booking no longer counts) and a venue-less Copenhagen job on the same day. The
  // statement reads each job once for all its shifts: every shift must still carry its own.
  const march = { startDate: "2027-03-01", endDate: "2027-03-31" };
  const made = {} as { london: number; cph: number; s1: number; s2: number; s3: number };

  beforeAll(async () => {
    const [venue] = await db
      .insert(schema.venues)
      .values({ name: "Royal Hall", countryId: londonCountry })
      .returning({ id: schema.venues.id });
    const london = await insertJob(db, {
      companyId: w.companyB,
      countryId: londonCountry,
      name: "London fair",
      shifts: [
        {
          startsAt: at("2027-03-10T09:00:00Z"),
          endsAt: at("2027-03-10T17:00:00Z"),
          slots: [
            { skillId: w.skill, positions: 2 },
            { skillId: w.skill2, positions: 3 },
          ],
        },
        {
          startsAt: at("2027-03-11T09:00:00Z"),
          endsAt: at("2027-03-11T13:00:00Z"),
          slots: [
            { skillId: w.skill, positions: 1 },
            { skillId: w.skill2, positions: 4 },
          ],
        },
      ],
    });
    await db
      .update(schema.jobs)
      .set({ venueId: venue.id, city: "London" })
      .where(eq(schema.jobs.id, london.id));
    const cph = await insertJob(db, {
      companyId: w.companyA,
      countryId: w.countryId,
      name: "Copenhagen fair",
      shifts: [
        {
          startsAt: at("2027-03-10T08:00:00Z"),
          endsAt: at("2027-03-10T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 5 }],
        },
      ],
    });
    const [first, second] = london.shifts;
    await applyOn(db, first.slots[0].id, w.worker, "Booked");
    await applyOn(db, first.slots[1].id, w.pm, "Approved");
    await applyOn(db, second.slots[1].id, w.worker, "Booked");
    await db
      .update(schema.shiftSlots)
      .set({ deletedAt: now })
      .where(eq(schema.shiftSlots.id, second.slots[1].id));
    Object.assign(made, {
      london: london.id,
      cph: cph.id,
      s1: first.id,
      s2: second.id,
      s3: cph.shifts[0].id,
    });
  });

  it("gives each shift its job's name, company, zone and venue and its own fill", async () => {
    const pick = (e: {
      shiftID: number;
      jobID: number;
      title: string;
      start: string;
      end: string;
      time_zone: string;
      company: { id: number; name: string };
      booked: number;
      positions: number;
    }) => ({
      shiftID: e.shiftID,
      jobID: e.jobID,
      title: e.title,
      start: e.start,
      end: e.end,
      time_zone: e.time_zone,
      company: e.company.id,
      booked: e.booked,
      positions: e.positions,
    });
    const expected = [
      {
        shiftID: made.s3,
        jobID: made.cph,
        title: "Copenhagen fair",
        start: "2027-03-10T09:00:00+01:00",
        end: "2027-03-10T13:00:00+01:00",
        time_zone: "Europe/Copenhagen",
        company: w.companyA,
        booked: 0,
        positions: 5,
      },
      {
        shiftID: made.s1,
        jobID: made.london,
        title: "London fair",
        start: "2027-03-10T09:00:00+00:00",
        end: "2027-03-10T17:00:00+00:00",
        time_zone: "Europe/London",
        company: w.companyB,
        booked: 2,
        positions: 5,
      },
      {
        shiftID: made.s2,
        jobID: made.london,
        title: "London fair",
        start: "2027-03-11T09:00:00+00:00",
        end: "2027-03-11T13:00:00+00:00",
        time_zone: "Europe/London",
        company: w.companyB,
        booked: 0,
        positions: 1,
      },
    ];
    const month = await calendarJobs(await as(w.pm), march);
    expect(month.events.map(pick)).toEqual(expected);
    const view = await calendarJobs(await as(w.pm), { ...march, perDay: 8 });
    expect(view.events.map(pick)).toEqual(expected);
    expect(view.days).toEqual({ "2027-03-10": 2, "2027-03-11": 1 });
    const shifts = await calendarShifts(await as(w.pm), march);
    expect(shifts.items.map((i) => [i.shiftID, i.venue, i.city])).toEqual([
      [made.s3, null, null],
      [made.s1, "Royal Hall", "London"],
      [made.s2, "Royal Hall", "London"],
    ]);
  });
});

describe("calendar: an archived job's shifts stay out of the month", () => {
  // April 2027: a live job with two shifts on the 6th, and an archived job (its shifts stay
  // live) with a day shift on the 6th and a night shift 6th → 7th. The office without filters
  // leaves the archived job's shifts out one way, everyone else (and any filter) another: both
  // must answer the live job alone, in the events and in the day counts.
  const april = { startDate: "2027-04-01", endDate: "2027-04-30" };
  const made = {} as { live: number[]; archived: number[] };

  beforeAll(async () => {
    const base = { companyId: w.companyA, countryId: w.countryId };
    const shift = (from: string, to: string) => ({ startsAt: at(from), endsAt: at(to), slots: [] });
    const live = await insertJob(db, {
      ...base,
      name: "April live",
      shifts: [
        shift("2027-04-06T08:00:00Z", "2027-04-06T12:00:00Z"),
        shift("2027-04-06T13:00:00Z", "2027-04-06T17:00:00Z"),
      ],
    });
    const archived = await insertJob(db, {
      ...base,
      name: "April archived",
      shifts: [
        shift("2027-04-06T07:00:00Z", "2027-04-06T15:00:00Z"),
        shift("2027-04-06T20:00:00Z", "2027-04-07T04:00:00Z"),
      ],
    });
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, archived.id));
    made.live = live.shifts.map((s) => s.id);
    made.archived = archived.shifts.map((s) => s.id);
  });

  it("counts and shows the live job's shifts alone, for the office with and without filters and for its client", async () => {
    const office = await calendarJobs(await as(w.pm), { ...april, perDay: 8 });
    expect(office.events.map((e) => e.id)).toEqual(made.live);
    expect(office).toMatchObject({ days: { "2027-04-06": 2 }, days_capped: [], total: 2 });
    const filtered = await calendarJobs(await as(w.pm), {
      ...april,
      perDay: 8,
      filter: { companies: String(w.companyA) },
    });
    expect(filtered).toMatchObject({ days: { "2027-04-06": 2 }, total: 2 });
    expect(filtered.events.map((e) => e.id)).toEqual(made.live);
    const client = await calendarJobs(await as(w.colA), { ...april, perDay: 8 });
    expect(client).toMatchObject({ days: { "2027-04-06": 2 }, total: 2 });
    const all = await calendarJobs(await as(w.pm), april);
    expect(all.events.map((e) => e.id)).toEqual(made.live);
  });
});

describe("calendar: a day's events among shifts starting at the same time", () => {
  // 5 April 2027 (CEST): four shifts of two jobs all start at 08:00 and end at 16:00, 12:00,
  // 14:00 and 12:00: soonest first, then the shortest, then by job and id (the order of
  // shifts_live_starts_at_idx, so a busy day's scan stops after perDay entries).
  const april = { startDate: "2027-04-05", endDate: "2027-04-05" };
  const ids = {} as { long: number; noonA: number; two: number; noonB: number };

  beforeAll(async () => {
    const base = { companyId: w.companyA, countryId: w.countryId };
    const shift = (end: string) => ({
      startsAt: at("2027-04-05T06:00:00Z"),
      endsAt: at(`2027-04-05T${end}:00:00Z`),
      slots: [],
    });
    const a = await insertJob(db, {
      ...base,
      name: "April A",
      shifts: [shift("14"), shift("10"), shift("12")],
    });
    const b = await insertJob(db, { ...base, name: "April B", shifts: [shift("10")] });
    Object.assign(ids, {
      long: a.shifts[0].id,
      noonA: a.shifts[1].id,
      two: a.shifts[2].id,
      noonB: b.shifts[0].id,
    });
  });

  it("picks the shortest first among equal starts, then by job", async () => {
    const [a, b] = [ids.noonA, ids.noonB].sort((x, y) => x - y);
    const pick = async (perDay: number) =>
      (await calendarJobs(await as(w.pm), { ...april, perDay })).events.map((e) => e.id);
    expect((await pick(2)).sort((x, y) => x - y)).toEqual([a, b]);
    expect(await pick(3)).toContain(ids.two);
    expect(await pick(3)).not.toContain(ids.long);
    const all = await calendarJobs(await as(w.pm), { ...april, perDay: 3 });
    expect(all.days).toEqual({ "2027-04-05": 4 });
  });
});

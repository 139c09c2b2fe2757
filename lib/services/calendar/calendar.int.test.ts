import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { apiUser, createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  applyOn,
  createJobWorld,
  ensureRole,
  giveRole,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import { CALENDAR_MESSAGES } from "@/lib/domain/calendar";
import * as jobsRoute from "@/app/api/v2/calendar-jobs/route";
import * as shiftsRoute from "@/app/api/v2/calendar/shifts/route";
import { makeCtx } from "../context";
import { calendarJobs, calendarShifts } from "./index";
import { calendarScreen } from "./screen";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
// A Friday in November 2026; Copenhagen is UTC+1.
const now = new Date("2026-11-20T12:00:00Z");
const at = (iso: string) => new Date(iso);

const ids = {} as Record<
  "published" | "otherCompany" | "draft" | "cancelled" | "december" | "edge" | "london",
  number
>;
let bookedShift: number;
let branchA: number;
let londonCountry: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  const slot = (positions = 2) => [{ skillId: w.skill, positions }];
  const base = { companyId: w.companyA, countryId: w.countryId };

  const published = await insertJob(db, {
    ...base,
    name: "Gala dinner",
    shifts: [
      {
        startsAt: at("2026-11-10T09:00:00Z"),
        endsAt: at("2026-11-10T17:00:00Z"),
        slots: [
          { skillId: w.skill, positions: 2 },
          { skillId: w.skill2, positions: 1 },
        ],
      },
    ],
  });
  ids.published = published.id;
  bookedShift = published.shifts[0].id;
  const [s1, s2] = published.shifts[0].slots;
  await applyOn(db, s1.id, w.worker, "Booked");
  await applyOn(db, s2.id, (await createUser(db, { roles: ["Freelancer"] })).id, "Approved");
  await applyOn(db, s1.id, (await createUser(db, { roles: ["Freelancer"] })).id, "Applied");
  await db
    .update(schema.jobs)
    .set({ projectManagerId: w.pm })
    .where(eq(schema.jobs.id, published.id));

  ids.otherCompany = (
    await insertJob(db, {
      ...base,
      companyId: w.companyB,
      name: "Trade fair",
      shifts: [
        { startsAt: at("2026-11-12T08:00:00Z"), endsAt: at("2026-11-12T16:00:00Z"), slots: slot() },
      ],
    })
  ).id;
  ids.draft = (
    await insertJob(db, {
      ...base,
      status: "Draft",
      name: "Draft concert",
      shifts: [
        { startsAt: at("2026-11-14T08:00:00Z"), endsAt: at("2026-11-14T16:00:00Z"), slots: slot() },
      ],
    })
  ).id;
  const cancelled = await insertJob(db, {
    ...base,
    status: "Cancelled",
    name: "Cancelled wedding",
    shifts: [
      { startsAt: at("2026-11-15T08:00:00Z"), endsAt: at("2026-11-15T16:00:00Z"), slots: slot() },
    ],
  });
  ids.cancelled = cancelled.id;
  // The worker was booked on the cancelled job too: it still does not see it.
  await applyOn(db, cancelled.shifts[0].slots[0].id, w.worker, "Booked");
  ids.december = (
    await insertJob(db, {
      ...base,
      name: "Christmas party",
      shifts: [
        { startsAt: at("2026-12-20T08:00:00Z"), endsAt: at("2026-12-20T16:00:00Z"), slots: slot() },
      ],
    })
  ).id;
  // 31 Oct 22:00 → 1 Nov 06:00 in Copenhagen (CET): crosses the November range's start.
  ids.edge = (
    await insertJob(db, {
      ...base,
      name: "Halloween night",
      shifts: [
        { startsAt: at("2026-10-31T21:00:00Z"), endsAt: at("2026-11-01T05:00:00Z"), slots: slot() },
      ],
    })
  ).id;

  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Aarhus (calendar test)", countryId: w.countryId })
    .returning();
  branchA = branch.id;
  await db.insert(schema.jobBranches).values({ jobId: ids.published, branchId: branchA });

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
  // Sat 24 Oct 2026 22:00 BST → Sun 25 Oct 06:00 GMT (the clocks go back at 02:00 BST): 9 hours.
  ids.london = (
    await insertJob(db, {
      ...base,
      countryId: gb.id,
      name: "London night shift",
      shifts: [
        { startsAt: at("2026-10-24T21:00:00Z"), endsAt: at("2026-10-25T06:00:00Z"), slots: slot() },
      ],
    })
  ).id;
});
afterAll(async () => {
  await handle?.close();
});

const as = async (userId: number) => ctxFor(db, userId, { now });
const nov = { startDate: "2026-11-01", endDate: "2026-11-30" };
const jobIds = (r: { events: { jobID: number }[] }) => r.events.map((e) => e.jobID);

describe("calendar-jobs", () => {
  it("gives the office every live job's shifts in the range, Draft and Cancelled too", async () => {
    const r = await calendarJobs(await as(w.pm), nov);
    expect(jobIds(r)).toEqual([
      ids.edge,
      ids.published,
      ids.otherCompany,
      ids.draft,
      ids.cancelled,
    ]);
    expect(r).toMatchObject({
      time_zone: "Europe/Copenhagen",
      start_date: "2026-11-01",
      end_date: "2026-11-30",
      from: "2026-11-01T00:00:00+01:00",
      to: "2026-12-01T00:00:00+01:00",
      total: 5,
      truncated: false,
    });
    const gala = r.events.find((e) => e.jobID === ids.published)!;
    expect(gala).toEqual({
      id: bookedShift,
      shiftID: bookedShift,
      jobID: ids.published,
      title: "Gala dinner",
      start: "2026-11-10T10:00:00+01:00",
      end: "2026-11-10T18:00:00+01:00",
      time_zone: "Europe/Copenhagen",
      job_status: "Published",
      company: { id: w.companyA, name: "Company A" },
      country_id: w.countryId,
      // Booked + Approved count; Applied does not.
      booked: 2,
      positions: 3,
      crew: 2,
      shift_slots: 3,
      fill: "partial",
      href: `/jobs/${ids.published}/shifts`,
    });
    const fills = Object.fromEntries(r.events.map((e) => [e.jobID, e.fill]));
    expect(fills[ids.draft]).toBe("draft");
    expect(fills[ids.cancelled]).toBe("cancelled");
    expect(fills[ids.otherCompany]).toBe("empty");
  });

  it("includes a shift that crosses the range's edge, at either end", async () => {
    const end = await calendarJobs(await as(w.admin), {
      startDate: "2026-10-01",
      endDate: "2026-10-31",
    });
    expect(jobIds(end)).toContain(ids.edge);
    const start = await calendarJobs(await as(w.admin), nov);
    expect(jobIds(start)).toContain(ids.edge);
    // A range that ends the day before it starts locally leaves it out.
    const before = await calendarJobs(await as(w.admin), {
      startDate: "2026-10-01",
      endDate: "2026-10-30",
    });
    expect(jobIds(before)).not.toContain(ids.edge);
  });

  it("gives an overnight London shift across the DST change its right instants", async () => {
    const r = await calendarJobs(await as(w.admin), {
      startDate: "2026-10-19",
      endDate: "2026-10-25",
      filter: { country_id: londonCountry },
    });
    expect(r.time_zone).toBe("Europe/London");
    expect(r.from).toBe("2026-10-19T00:00:00+01:00");
    expect(r.to).toBe("2026-10-26T00:00:00+00:00");
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({
      jobID: ids.london,
      start: "2026-10-24T22:00:00+01:00",
      end: "2026-10-25T06:00:00+00:00",
      time_zone: "Europe/London",
    });
    expect(Date.parse(r.events[0].end) - Date.parse(r.events[0].start)).toBe(9 * 3_600_000);
  });

  it("defaults to the current month, read in the caller's zone", async () => {
    const r = await calendarJobs(await as(w.admin), {});
    expect(r).toMatchObject({ start_date: "2026-11-01", end_date: "2026-11-30" });
    expect(jobIds(r)).not.toContain(ids.december);
  });

  it("shows a client contact its own company's jobs only, never Draft or Cancelled", async () => {
    const a = await calendarJobs(await as(w.colA), nov);
    expect(jobIds(a)).toEqual([ids.edge, ids.published]);
    expect(a.events[1].href).toBe(`/jobs/${ids.published}/shifts`);
    const b = await calendarJobs(await as(w.colB), nov);
    expect(jobIds(b)).toEqual([ids.otherCompany]);
    // Another company's id as a filter: nothing, not an error.
    const foreign = await calendarJobs(await as(w.colA), {
      ...nov,
      filter: { companies: String(w.companyB) },
    });
    expect(foreign.events).toEqual([]);
    expect(foreign.total).toBe(0);
  });

  it("shows a worker only the shifts it is booked on, never a Cancelled job", async () => {
    const r = await calendarJobs(await as(w.worker), nov);
    expect(jobIds(r)).toEqual([ids.published]);
    expect(r.events[0].href).toBe("/my-dashboard/past");
    const e = await appErrorOf(calendarJobs(await as(w.worker), { ...nov, userId: w.pm }));
    expect(e.status).toBe(403);
    expect(e.message).toBe("You can only see your own shifts.");
    const own = await calendarJobs(await as(w.worker), { ...nov, userId: w.worker });
    expect(jobIds(own)).toEqual([ids.published]);
  });

  it("lets the office look at one user's booked shifts (userId)", async () => {
    const r = await calendarJobs(await as(w.crewHandler), { ...nov, userId: String(w.worker) });
    expect(jobIds(r)).toEqual([ids.published, ids.cancelled]);
  });

  it("filters by country, companies, branches and own jobs", async () => {
    const ctx = await as(w.pm);
    const companies = await calendarJobs(ctx, {
      ...nov,
      filter: { companies: `${w.companyB}` },
    });
    expect(jobIds(companies)).toEqual([ids.otherCompany]);
    const branches = await calendarJobs(ctx, { ...nov, filter: { branches: [String(branchA)] } });
    expect(jobIds(branches)).toEqual([ids.published]);
    const own = await calendarJobs(ctx, { ...nov, filter: { own: "true" } });
    expect(jobIds(own)).toEqual([ids.published]);
    const country = await calendarJobs(ctx, { ...nov, filter: { country_id: londonCountry } });
    expect(country.events).toEqual([]);
    const unknownBranch = await calendarJobs(ctx, { ...nov, filter: { branches: "99999" } });
    expect(unknownBranch.events).toEqual([]);
  });

  it("refuses callers without calendar_access, office roles included", async () => {
    const roleId = await ensureRole(db, "Office without calendar (test)", [
      "dashboard_access",
      "job_view",
    ]);
    const office = (await createUser(db)).id;
    await giveRole(db, office, roleId);
    for (const ctx of [await as(office), makeCtx(db, null, { now })]) {
      const e = await appErrorOf(calendarJobs(ctx, nov));
      expect([401, 403]).toContain(e.status);
    }
    expect((await appErrorOf(calendarJobs(await as(office), nov))).status).toBe(403);
    expect(
      (await appErrorOf(calendarShifts(await as(office), { date: "2026-11-10" }))).status,
    ).toBe(403);
  });

  it.each([
    [{ startDate: "abc" }, "startDate", CALENDAR_MESSAGES.badDate],
    [{ startDate: "2026-02-30" }, "startDate", CALENDAR_MESSAGES.badDate],
    [{ startDate: "2026-11-01", endDate: "tomorrow" }, "endDate", CALENDAR_MESSAGES.badDate],
    [
      { startDate: "2026-11-10", endDate: "2026-11-09" },
      "endDate",
      CALENDAR_MESSAGES.endBeforeStart,
    ],
    [{ startDate: "2026-11-01", endDate: "2026-12-31" }, "endDate", CALENDAR_MESSAGES.tooLong],
    [
      { ...nov, time_zone: "Mars/Olympus" },
      "time_zone",
      "Use an IANA time zone such as Europe/London.",
    ],
    [{ ...nov, userId: "abc" }, "userId", "must be a number"],
    [{ ...nov, filter: { branches: "abc" } }, "filter.branches.0", "must be a number"],
    [{ ...nov, filter: { country_id: "99999999999" } }, "filter.country_id", "is out of range"],
  ])("answers 422 for bad input %j", async (input, field, message) => {
    const e = await appErrorOf(calendarJobs(await as(w.admin), input));
    expect(e.status).toBe(422);
    expect(e.message).toBe(message);
    expect(e.errors?.[field]).toEqual([message]);
  });

  it("accepts the 42 days of a month view plus margins, and refuses 46", async () => {
    const ok = await calendarJobs(await as(w.admin), {
      startDate: "2026-10-26",
      endDate: "2026-12-09",
    });
    expect(ok.end_date).toBe("2026-12-09");
    const e = await appErrorOf(
      calendarJobs(await as(w.admin), { startDate: "2026-10-26", endDate: "2026-12-10" }),
    );
    expect(e.status).toBe(422);
  });

  it("answers with one SQL query, however many events", async () => {
    const counting = countingDb(handle);
    const actor = (await as(w.admin)).actor;
    const ctx = makeCtx(counting.db, actor, { now });
    counting.reset();
    const none = await calendarJobs(ctx, { startDate: "2026-01-01", endDate: "2026-01-31" });
    expect(none.events).toEqual([]);
    expect(counting.statements()).toBe(1);
    counting.reset();
    const many = await calendarJobs(ctx, { ...nov, filter: { branches: `${branchA}` } });
    expect(many.events.length).toBe(1);
    expect(counting.statements()).toBe(1);
    counting.reset();
    await calendarJobs(ctx, nov);
    expect(counting.statements()).toBe(1);
    counting.reset();
    await calendarShifts(ctx, { date: "2026-11-10" });
    expect(counting.statements()).toBe(1);
  });
});

describe("calendar/shifts", () => {
  it("lists one day's shifts with their slots, paged", async () => {
    const page = await calendarShifts(await as(w.pm), { date: "2026-11-10" });
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 1 });
    expect(page.items[0]).toMatchObject({
      shiftID: bookedShift,
      booked: 2,
      positions: 3,
      venue: null,
      slots: [
        { skill: "Stagehand", positions: 2, booked: 1 },
        { skill: "Rigger", positions: 1, booked: 1 },
      ],
    });
    const paged = await calendarShifts(await as(w.pm), { ...nov, perPage: 2, page: 2 });
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 3, total: 5 });
    expect(paged.items.map((i) => i.jobID)).toEqual([ids.otherCompany, ids.draft]);
  });

  it("keeps a client contact to its own company", async () => {
    const page = await calendarShifts(await as(w.colB), { date: "2026-11-10" });
    expect(page.items).toEqual([]);
    const e = await appErrorOf(calendarShifts(await as(w.colB), { date: "abc" }));
    expect(e.status).toBe(422);
  });
});

describe("the /calendar screen", () => {
  it("fetches exactly the visible days of the view in the URL", async () => {
    const s = await calendarScreen(await as(w.pm), { view: "week", date: "2026-11-12" });
    expect(s).toMatchObject({ view: "week", date: "2026-11-12", viewInUrl: true });
    expect(s.calendar).toMatchObject({ start_date: "2026-11-09", end_date: "2026-11-15" });
    expect(jobIds(s.calendar)).toEqual([ids.published, ids.otherCompany, ids.draft, ids.cancelled]);
    expect(s.filters?.branches.map((b) => b.id)).toContain(branchA);
    // A week and the agenda ask for the first few of each day, with each day's count; a day
    // view for the day in full.
    expect(Object.values(s.calendar.days ?? {}).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const agenda = await calendarScreen(await as(w.pm), { view: "agenda", date: "2026-11-12" });
    expect(agenda.calendar.days).toBeDefined();
    const day = await calendarScreen(await as(w.pm), { view: "day", date: "2026-11-12" });
    expect(day.calendar.days).toBeUndefined();
    // A month: the weeks the calendar draws, not a fixed six (December 2026 has five).
    const dec = await calendarScreen(await as(w.pm), { view: "month", date: "2026-12-15" });
    expect(dec.calendar).toMatchObject({ start_date: "2026-11-30", end_date: "2027-01-03" });
  });

  it("shows month and today for values the URL cannot mean, and drops bad filters", async () => {
    const s = await calendarScreen(await as(w.pm), {
      view: "zzz",
      date: "abc",
      branch: "abc",
      country_id: "99999999999",
      company_id: "0",
    });
    expect(s).toMatchObject({ view: "month", date: "2026-11-20" });
    expect(s.calendar).toMatchObject({ start_date: "2026-10-26", end_date: "2026-12-06" });
    // The month view asks for the first few of each day, with each day's count.
    expect(s.calendar.days).toMatchObject({ "2026-11-01": 1, "2026-11-10": 1 });
    expect(s.calendar.events.length).toBe(5);
    const filtered = await calendarScreen(await as(w.pm), { branch: String(branchA), own: "1" });
    expect(jobIds(filtered.calendar)).toEqual([ids.published]);
  });

  it("gives a worker its own shifts and no filters, whatever the URL asks", async () => {
    const s = await calendarScreen(await as(w.worker), { company_id: String(w.companyB) });
    expect(s.filters).toBeNull();
    expect(jobIds(s.calendar)).toEqual([ids.published]);
  });
});

describe("REST", () => {
  it("GET calendar-jobs answers the range and events; bad input is a 422 body", async () => {
    const { token } = await apiUser(db, "Crew Handler");
    const ok = await callRoute(
      jobsRoute.GET,
      `calendar-jobs?startDate=2026-11-01&endDate=2026-11-30&filter[branches]=${branchA}`,
      { token },
    );
    expect(ok.status).toBe(200);
    const body = ok.body as { data: { events: { jobID: number }[] } };
    expect(body.data.events.map((e) => e.jobID)).toEqual([ids.published]);
    const bad = await callRoute(jobsRoute.GET, "calendar-jobs?startDate=abc", { token });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: CALENDAR_MESSAGES.badDate });
    const worker = await apiUser(db, "Freelancer");
    const shifts = await callRoute(shiftsRoute.GET, "calendar/shifts?date=2026-11-10", {
      token: worker.token,
    });
    expect(shifts.status).toBe(200);
    expect(shifts.body).toMatchObject({ data: [], meta: { total: 0 } });
    const anon = await callRoute(jobsRoute.GET, "calendar-jobs");
    expect(anon.status).toBe(401);
  });
});

describe("calendar-jobs with perDay (the month view)", () => {
  // January 2027 (CET, UTC+1), away from the November fixtures: a busy 5 January.
  const jan = { startDate: "2027-01-01", endDate: "2027-01-31" };
  const jids = {} as Record<"b7" | "a8" | "a9" | "a10" | "a11" | "draft12" | "night", number>;

  beforeAll(async () => {
    const slot = [{ skillId: w.skill, positions: 1 }];
    const shift = (from: string, to: string) => ({
      startsAt: at(from),
      endsAt: at(to),
      slots: slot,
    });
    const job = async (key: keyof typeof jids, from: string, to: string, extra = {}) => {
      const j = await insertJob(db, {
        companyId: w.companyA,
        countryId: w.countryId,
        name: `January ${key}`,
        shifts: [shift(from, to)],
        ...extra,
      });
      jids[key] = j.id;
      return j;
    };
    await job("b7", "2027-01-05T06:00:00Z", "2027-01-05T14:00:00Z", { companyId: w.companyB });
    await job("a8", "2027-01-05T07:00:00Z", "2027-01-05T15:00:00Z");
    await job("a9", "2027-01-05T08:00:00Z", "2027-01-05T16:00:00Z");
    const a10 = await job("a10", "2027-01-05T09:00:00Z", "2027-01-05T17:00:00Z");
    const a11 = await job("a11", "2027-01-05T10:00:00Z", "2027-01-05T18:00:00Z");
    await job("draft12", "2027-01-05T11:00:00Z", "2027-01-05T19:00:00Z", { status: "Draft" });
    // 6 Jan 22:00 → 7 Jan 06:00 in Copenhagen: one shift, counted on both days.
    await job("night", "2027-01-06T21:00:00Z", "2027-01-07T05:00:00Z");
    await applyOn(db, a10.shifts[0].slots[0].id, w.worker, "Booked");
    await applyOn(db, a11.shifts[0].slots[0].id, w.worker, "Approved");
  });

  it("gives the office the first perDay events of each day and every day's count", async () => {
    const r = await calendarJobs(await as(w.pm), { ...jan, perDay: 2 });
    expect(r.days).toEqual({ "2027-01-05": 6, "2027-01-06": 1, "2027-01-07": 1 });
    expect(jobIds(r)).toEqual([jids.b7, jids.a8, jids.night]);
    expect(r).toMatchObject({ total: 7, truncated: false, start_date: "2027-01-01" });
  });

  it("counts per day what each caller may see, with the filters", async () => {
    const client = await calendarJobs(await as(w.colA), { ...jan, perDay: "3" });
    // No Draft, no other company's shift.
    expect(client.days).toEqual({ "2027-01-05": 4, "2027-01-06": 1, "2027-01-07": 1 });
    expect(jobIds(client)).toEqual([jids.a8, jids.a9, jids.a10, jids.night]);
    const worker = await calendarJobs(await as(w.worker), { ...jan, perDay: 1 });
    expect(worker.days).toEqual({ "2027-01-05": 2 });
    expect(jobIds(worker)).toEqual([jids.a10]);
    const companyB = await calendarJobs(await as(w.pm), {
      ...jan,
      perDay: 1,
      filter: { companies: String(w.companyB) },
    });
    expect(companyB.days).toEqual({ "2027-01-05": 1 });
    expect(jobIds(companyB)).toEqual([jids.b7]);
    const byUser = await calendarJobs(await as(w.crewHandler), {
      ...jan,
      perDay: 1,
      userId: w.worker,
    });
    expect(byUser.days).toEqual({ "2027-01-05": 2 });
    const none = await calendarJobs(await as(w.pm), {
      ...jan,
      perDay: 5,
      filter: { country_id: londonCountry },
    });
    expect(none).toMatchObject({ events: [], days: {}, total: 0 });
  });

  it("reads the days in the range's zone: the night shift is one day in New York", async () => {
    const r = await calendarJobs(await as(w.pm), {
      ...jan,
      time_zone: "America/New_York",
      perDay: 20,
    });
    // 6 Jan 16:00 → 7 Jan 00:00 in New York: the end is exclusive, so 6 January only.
    expect(r.days).toEqual({ "2027-01-05": 6, "2027-01-06": 1 });
  });

  it("with room for every event, answers the same events as without perDay", async () => {
    for (const userId of [w.pm, w.colA, w.worker]) {
      const all = await calendarJobs(await as(userId), jan);
      const capped = await calendarJobs(await as(userId), { ...jan, perDay: 20 });
      expect(capped.events).toEqual(all.events);
      expect(capped.total).toBe(all.total);
      expect("days" in all).toBe(false);
    }
  });

  it("gives each day its own first shifts, and the first day those running into it", async () => {
    // May 2027 (CEST, UTC+2): one shift from 30 April 22:00 into 1 May, then on 1 May one from
    // 08:00 and two evening shifts running past midnight, and on 2 May one from 09:00.
    const may = { startDate: "2027-05-01", endDate: "2027-05-02" };
    const j = await insertJob(db, {
      companyId: w.companyA,
      countryId: w.countryId,
      name: "May",
      shifts: [
        ["2027-04-30T20:00:00Z", "2027-05-01T04:00:00Z"],
        ["2027-05-01T06:00:00Z", "2027-05-01T14:00:00Z"],
        ["2027-05-01T19:00:00Z", "2027-05-02T03:00:00Z"],
        ["2027-05-01T20:00:00Z", "2027-05-02T04:00:00Z"],
        ["2027-05-02T07:00:00Z", "2027-05-02T15:00:00Z"],
      ].map(([from, to]) => ({ startsAt: at(from), endsAt: at(to), slots: [] })),
    });
    const [before, morning, , , second] = j.shifts.map((s) => s.id);
    const r = await calendarJobs(await as(w.pm), { ...may, perDay: 2 });
    // Counted on every day they run (the evening shifts on both), shown from their start.
    expect(r.days).toEqual({ "2027-05-01": 4, "2027-05-02": 3 });
    expect(r.events.map((e) => e.id)).toEqual([before, morning, second]);
    // The same through the live path (a filter: no roll-up), and for the client contact.
    for (const [userId, filter] of [
      [w.pm, { companies: String(w.companyA) }],
      [w.colA, {}],
    ] as const) {
      const live = await calendarJobs(await as(userId), { ...may, perDay: 2, filter });
      expect(live.days).toEqual(r.days);
      expect(live.events.map((e) => e.id)).toEqual([before, morning, second]);
    }
  });

  it("is one SQL query", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await as(w.admin)).actor, { now });
    counting.reset();
    await calendarJobs(ctx, { ...jan, perDay: 2 });
    expect(counting.queries()).toBe(1);
  });

  it("refuses a perDay outside 1-20 with a 422 over REST", async () => {
    const { token } = await apiUser(db, "Crew Handler");
    const msg = "perDay must be a whole number from 1 to 20.";
    for (const bad of ["0", "21", "abc", "1.5", "-3"]) {
      const res = await callRoute(jobsRoute.GET, `calendar-jobs?perDay=${bad}`, { token });
      expect(res.status, bad).toBe(422);
      expect(res.body).toMatchObject({ errors: { perDay: [msg] } });
    }
    const ok = await callRoute(
      jobsRoute.GET,
      "calendar-jobs?startDate=2027-01-05&endDate=2027-01-05&perDay=1",
      { token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ data: { days: { "2027-01-05": 6 }, total: 6 } });
    expect((ok.body as { data: { events: unknown[] } }).data.events).toHaveLength(1);
  });
});

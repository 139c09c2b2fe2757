import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  createJobWorld,
  ensureRole,
  giveRole,
  insertJob,
  type InsertedJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as rosterRoute from "@/app/api/v2/roster/route";
import { makeCtx } from "../context";
import { crewRoster } from "./index";
import { ROSTER_COLUMNS, ROSTER_HEADER_ROW } from "./roster-xlsx";

/*
 * Denmark (Europe/Copenhagen, UTC+1 in December). Job A ("Gala [VIP]") of Company A: shifts
 * on 10/12 08:00–12:00, 11/12 08:00–12:00, 12/12 00:30–04:00 (23:30 UTC the day before) and a
 * removed one on 13/12. Job A2 of Company A also named "Gala [VIP]" (a second sheet name), one
 * shift on 10/12. Job B of Company B, one shift on 10/12.
 */
const TZ = "Europe/Copenhagen";
const now = new Date("2026-11-22T09:00:00Z");
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 12, day, hour, minute }, TZ);
const shift = (day: number, hour: number, minute: number, skills: number[]) => {
  const startsAt = at(day, hour, minute);
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + (hour === 0 ? 3.5 : 4) * 3_600_000),
    slots: skills.map((skillId) => ({ skillId, positions: 3 })),
  };
};

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let jobA: InsertedJob;
let jobA2: InsertedJob;
let jobB: InsertedJob;
let viewerOnly: number;
const p: Record<string, number> = {};

async function apply(slotId: number, userId: number, status: ApplicationStatus, checkInAt?: Date) {
  const [slot] = await db
    .select({ shiftId: schema.shiftSlots.shiftId })
    .from(schema.shiftSlots)
    .where(eq(schema.shiftSlots.id, slotId));
  await db
    .insert(schema.applications)
    .values({ shiftSlotId: slotId, shiftId: slot.shiftId, assigneeId: userId, status, checkInAt });
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  for (const name of ["Bea", "Di", "Ed", "Fi", "Gu", "Bo"])
    p[name] = (await createUser(db, { roles: [ROLE.worker], name: `${name} Worker` })).id;
  await db.update(schema.users).set({ phone: "+45 11 22 33 44" }).where(eq(schema.users.id, p.Bea));
  await db.update(schema.users).set({ phone: "+45 99 88 77 66" }).where(eq(schema.users.id, p.Bo));
  await db.update(schema.users).set({ phone: "+45 12 12 12 12" }).where(eq(schema.users.id, w.pm));
  viewerOnly = (await createUser(db, { name: "Vi Viewer" })).id;
  await giveRole(db, viewerOnly, await ensureRole(db, "Job viewer (test)", ["job_view"]));
  const [venue] = await db
    .insert(schema.venues)
    .values({
      name: "Royal Arena",
      address: "Hannemanns Allé 18",
      zip: "2300",
      city: "København S",
      countryId: w.countryId,
      companyId: w.companyA,
    })
    .returning({ id: schema.venues.id });

  jobA = await insertJob(db, {
    name: "Gala [VIP]",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      shift(10, 8, 0, [w.skill, w.skill2]),
      shift(11, 8, 0, [w.skill]),
      shift(12, 0, 30, [w.skill]),
      shift(13, 8, 0, [w.skill]),
    ],
  });
  await db
    .update(schema.jobs)
    .set({ venueId: venue.id, projectManagerId: w.pm })
    .where(eq(schema.jobs.id, jobA.id));
  await db
    .update(schema.shifts)
    .set({ deletedAt: now })
    .where(eq(schema.shifts.id, jobA.shifts[3].id));
  const [s1, s2, s3, removed] = jobA.shifts;
  await apply(s1.slots[0].id, p.Bea, "Booked", at(10, 7, 55));
  await apply(s1.slots[0].id, p.Di, "Requested");
  await apply(s1.slots[0].id, p.Ed, "Denied");
  await apply(s1.slots[0].id, p.Gu, "Applied");
  await apply(s1.slots[1].id, p.Fi, "Reserve");
  await apply(s2.slots[0].id, p.Bea, "Report!", at(10, 23, 50));
  await apply(s3.slots[0].id, p.Di, "Booked");
  await apply(removed.slots[0].id, p.Fi, "Booked");
  await db.insert(schema.shiftCrewBosses).values({ shiftId: s1.id, userId: p.Bo });

  jobA2 = await insertJob(db, {
    name: "Gala [VIP]",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [shift(10, 18, 0, [w.skill])],
  });
  jobB = await insertJob(db, {
    name: "Company B job",
    companyId: w.companyB,
    countryId: w.countryId,
    shifts: [shift(10, 9, 0, [w.skill])],
  });
  await apply(jobB.shifts[0].slots[0].id, p.Gu, "Booked");
});

afterAll(async () => {
  await handle?.close();
});

const as = (userId: number) => ctxFor(db, userId, { now });
const DEC = { start: "2026-12-01", end: "2026-12-31" };

describe("crewRoster", () => {
  it("builds one sheet per job with its title block and the shifts' crew in the job's zone", async () => {
    const roster = await crewRoster(await as(w.admin), { jobs: `${jobA.id},${jobA2.id}`, ...DEC });
    expect(roster.filename).toBe("Crew-roster.xlsx");
    expect(roster.sheets.map((s) => s.sheet)).toEqual(["Gala -VIP-", "Gala -VIP- (2)"]);
    const a = roster.sheets[0];
    expect(a).toMatchObject({
      title: "Gala [VIP]",
      client: "Company A",
      venue: "Royal Arena, Hannemanns Allé 18, 2300 København S",
      dates: "10/12/2026 – 12/12/2026",
      projectManager: "Per PM, +45 12 12 12 12",
      crewBosses: "Bo Worker, +45 99 88 77 66",
      timeZone: TZ,
    });
    // The removed shift of 13/12 is not on it.
    expect(a.shifts.map((s) => [s.date, s.times])).toEqual([
      ["10/12/2026", "08:00–12:00"],
      ["11/12/2026", "08:00–12:00"],
      ["12/12/2026", "00:30–04:00"],
    ]);
    // Applied and denied people are not on the roster; held places first, then requests, reserves.
    expect(a.shifts[0].workers).toEqual([
      {
        name: "Bea Worker",
        phone: "+45 11 22 33 44",
        skill: "Stagehand",
        plannedStart: "08:00",
        plannedEnd: "12:00",
        status: "Booked",
        checkIn: "07:55",
      },
      expect.objectContaining({ name: "Di Worker", status: "Requested", checkIn: "" }),
      expect.objectContaining({ name: "Fi Worker", skill: "Rigger", status: "Reserve" }),
    ]);
    // A check-in on another day than the shift's carries its date.
    expect(a.shifts[1].workers).toEqual([
      expect.objectContaining({ status: "Hours to report", checkIn: "10/12/2026 23:50" }),
    ]);
    expect(roster.sheets[1].shifts[0].workers).toEqual([]);
  });

  it("takes the shifts whose start falls on the dates in the job's zone", async () => {
    // 12/12 00:30 in Copenhagen is 11/12 23:30 UTC.
    const roster = await crewRoster(await as(w.pm), {
      jobs: String(jobA.id),
      start: "2026-12-12",
      end: "2026-12-12",
    });
    expect(roster.sheets[0].shifts.map((s) => s.id)).toEqual([jobA.shifts[2].id]);
    const day11 = await crewRoster(await as(w.pm), {
      jobs: String(jobA.id),
      start: "2026-12-11",
      end: "2026-12-11",
    });
    expect(day11.sheets[0].shifts.map((s) => s.id)).toEqual([jobA.shifts[1].id]);
  });

  it("gives a client's jobs in the range; a client contact only its own company's", async () => {
    const office = await crewRoster(await as(w.crewHandler), { client: w.companyA, ...DEC });
    expect(office.sheets.map((s) => s.jobId)).toEqual([jobA.id, jobA2.id]);
    const own = await crewRoster(await as(w.colA), { client: String(w.companyA), ...DEC });
    expect(own.sheets.map((s) => s.jobId)).toEqual([jobA.id, jobA2.id]);
    const byJobs = await crewRoster(await as(w.colA), { jobs: [String(jobA.id)], ...DEC });
    expect(byJobs.sheets).toHaveLength(1);

    const foreignClient = await appErrorOf(
      crewRoster(await as(w.colA), { client: w.companyB, ...DEC }),
    );
    expect(foreignClient.status).toBe(404);
    expect(foreignClient.message).toBe("Client not found.");
    // One foreign job among the ids: no roster at all, and nothing said about the other job.
    for (const jobs of [`${jobA.id},${jobB.id}`, String(jobB.id), "99999"]) {
      const err = await appErrorOf(crewRoster(await as(w.colA), { jobs, ...DEC }));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Job not found.");
    }
    expect(
      (await appErrorOf(crewRoster(await as(w.colB), { jobs: String(jobA.id), ...DEC }))).status,
    ).toBe(404);
  });

  it("is 403 for a worker and for an office user who only views jobs", async () => {
    for (const user of [w.worker, viewerOnly]) {
      const err = await appErrorOf(crewRoster(await as(user), { jobs: String(jobA.id), ...DEC }));
      expect(err.status).toBe(403);
    }
  });

  it("is 404 no_roster_data without shifts in the range", async () => {
    for (const input of [
      { jobs: String(jobA.id), start: "2026-11-01", end: "2026-11-30" },
      { jobs: String(jobA.id), start: "2026-12-13", end: "2026-12-13" },
      { client: w.companyA, start: "2027-01-01", end: "2027-01-31" },
      { client: 99999, ...DEC },
    ]) {
      const err = await appErrorOf(crewRoster(await as(w.admin), input));
      expect(err.status).toBe(404);
      expect(err.type).toBe("no_roster_data");
      expect(err.message).toBe("No data found for the selected date range");
    }
  });

  it("refuses bad input with 422 and a clear message", async () => {
    const ctx = await as(w.admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...DEC }, "Choose jobs or a client."],
      [{ jobs: "", client: "", ...DEC }, "Choose jobs or a client."],
      [
        { jobs: String(jobA.id), client: w.companyA, ...DEC },
        "Choose either jobs or a client, not both.",
      ],
      [
        { jobs: `${jobA.id},abc`, ...DEC },
        'The jobs must be a comma list of job ids; "abc" is not an id.',
      ],
      [{ jobs: "0,1.5", ...DEC }, '"0", "1.5" are not ids.'],
      [{ client: "x", ...DEC }, "The client must be a company id."],
      [{ client: "99999999999", ...DEC }, "The client must be a company id."],
      [{ jobs: String(jobA.id), end: "2026-12-31" }, "The start date is required."],
      [
        { jobs: String(jobA.id), start: "2026-02-30", end: "2026-03-01" },
        "The start must be a real date as YYYY-MM-DD.",
      ],
      [
        { jobs: String(jobA.id), start: "01/12/2026", end: "2026-12-31" },
        "The start must be a real date as YYYY-MM-DD.",
      ],
      [
        { jobs: String(jobA.id), start: "2026-12-01", end: "soon" },
        "The end must be a real date as YYYY-MM-DD.",
      ],
      [
        { jobs: String(jobA.id), start: "2026-12-10", end: "2026-12-09" },
        "The end date must be on or after the start date.",
      ],
      [
        { jobs: String(jobA.id), start: "2026-01-01", end: "2027-01-02" },
        "The date range may span at most 366 days (one year).",
      ],
    ];
    for (const [input, message] of cases) {
      const err = await appErrorOf(crewRoster(ctx, input));
      expect(err.status, JSON.stringify(input)).toBe(422);
      expect(err.message, JSON.stringify(input)).toContain(message);
    }
  });

  it("reads the same number of statements for one job or many, and writes nothing", async () => {
    const counting = countingDb(handle);
    const run = async (input: Record<string, unknown>) => {
      const ctx = makeCtx(counting.db, (await as(w.admin)).actor, { now });
      counting.reset();
      const roster = await crewRoster(ctx, input);
      return {
        sheets: roster.sheets.length,
        statements: counting.statements(),
        writes: counting.writes(),
      };
    };
    const one = await run({ jobs: String(jobA2.id), ...DEC });
    const three = await run({ jobs: `${jobA.id},${jobA2.id},${jobB.id}`, ...DEC });
    const client = await run({ client: w.companyA, ...DEC });
    expect(one.sheets).toBe(1);
    expect(three.sheets).toBe(3);
    expect(three.statements).toBe(one.statements);
    expect(client.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(4);
    expect([...one.writes, ...three.writes, ...client.writes]).toEqual([]);
  });
});

describe("GET roster", () => {
  const token = async (userId: number) =>
    (await issueApiToken(db, userId, new Date())).access_token;
  const get = async (query: string, userId: number | null) =>
    callRoute(
      rosterRoute.GET,
      `roster?${query}`,
      userId === null ? {} : { token: await token(userId) },
    );

  it("downloads Crew-roster.xlsx: sheets, print set-up and a worker's row", async () => {
    const res = await get(`jobs=${jobA.id},${jobA2.id}&start=2026-12-01&end=2026-12-31`, w.pm);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Crew-roster.xlsx"; filename*=UTF-8''Crew-roster.xlsx`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["Gala -VIP-", "Gala -VIP- (2)"]);
    const ws = wb.getWorksheet("Gala -VIP-")!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["Gala [VIP]"]);
    expect(rows.slice(1, 7)).toEqual([
      ["Client", "Company A"],
      ["Venue", "Royal Arena, Hannemanns Allé 18, 2300 København S"],
      ["Dates", "10/12/2026 – 12/12/2026"],
      ["Project manager", "Per PM, +45 12 12 12 12"],
      ["Crew boss", "Bo Worker, +45 99 88 77 66"],
      ["Times", "Local time, Europe/Copenhagen"],
    ]);
    expect((ws.getRow(ROSTER_HEADER_ROW).values as unknown[]).slice(1)).toEqual([
      ...ROSTER_COLUMNS,
    ]);
    expect(rows.find((r) => r[1] === "Bea Worker")).toEqual([
      "10/12/2026",
      "Bea Worker",
      "+45 11 22 33 44",
      "Stagehand",
      "08:00",
      "12:00",
      "Booked",
      "07:55",
    ]);
    expect(rows.find((r) => r[1] === "Shift 00:30–04:00")?.[0]).toBe("Sat 12/12");
    expect(ws.pageSetup).toMatchObject({
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 1,
    });
    expect(ws.pageSetup.printTitlesRow).toBe(`${ROSTER_HEADER_ROW}:${ROSTER_HEADER_ROW}`);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: ROSTER_HEADER_ROW });
    expect(ws.getRow(ROSTER_HEADER_ROW).getCell(1).border?.top?.style).toBe("thin");
  });

  it("answers 404, 422, 403 and 401 as JSON errors", async () => {
    const empty = await get(`client=${w.companyA}&start=2027-01-01&end=2027-01-31`, w.pm);
    expect(empty.status).toBe(404);
    expect(empty.body).toMatchObject({
      type: "no_roster_data",
      message: "No data found for the selected date range",
    });
    const bad = await get(`jobs=1,abc&start=2026-12-01&end=2026-12-31`, w.pm);
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: Record<string, string[]> }).errors.jobs).toEqual([
      'The jobs must be a comma list of job ids; "abc" is not an id.',
    ]);
    const foreign = await get(`jobs=${jobB.id}&start=2026-12-01&end=2026-12-31`, w.colA);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: "Job not found." });
    expect((await get(`jobs=${jobA.id}&start=2026-12-01&end=2026-12-31`, w.worker)).status).toBe(
      403,
    );
    expect((await get(`jobs=${jobA.id}&start=2026-12-01&end=2026-12-31`, null)).status).toBe(401);
  });
});

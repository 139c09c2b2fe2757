import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { jobReport } from "@/lib/services/jobs/report";
import { fetchJobForView } from "@/lib/services/jobs/view";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { apiUser, createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, insertJob } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as reportRoute from "@/app/api/v2/jobs/[id]/report/route";
import { expectErrorBody } from "./contract.test-support";

/*
 * Priced by hand. Denmark (Europe/Copenhagen, UTC+1 in November), DKK, amounts in øre.
 * Stagehand card: 300.00 standard, 400.00 weekend, 500.00 night, night 22:00–06:00.
 * Rigger card: 400.00 flat (no night price, so no night band).
 * Shift: Friday 27/11/2026 18:00 → Saturday 02:00.
 *   Anna, Stagehand, approved 18:00–02:00: 4 h standard (18–22) + 4 h night (22–02, the
 *     Saturday hours are night too: night beats weekend) = 4 × 300 + 4 × 500 = 3 200.00
 *   Ole, Rigger, approved 18:00–23:00: 5 h standard = 2 000.00
 *   Bo, Stagehand, reported but not approved: not in the report.
 * Additional cost: travel 2 × 150.00 = 300.00. Total DKK 5 500.00, 13 hours.
 */

let handle: DbHandle;
let db: Db;
let jobId: number;
let noHoursJobId: number;
let missingJobId: number;
let archivedJobId: number;
let runnerId: number;
let companyId: number;
let branchId: number;
let pmId: number;
let smallJobId: number;
const userIds = {} as Record<string, number>;
const tokens = {} as Record<
  "admin" | "pm" | "crewHandler" | "client" | "otherClient" | "worker",
  string
>;

const at = (iso: string) => new Date(iso);

async function approvedHours(
  slotId: number,
  userId: number,
  start: string,
  end: string,
  approved = true,
) {
  const appId = await applyOn(db, slotId, userId, approved ? "Approved" : "Reported");
  await db.insert(schema.reportedHours).values({
    applicationId: appId,
    shiftSlotId: slotId,
    startsAt: at(start),
    endsAt: at(end),
    approvedAt: approved ? at("2026-11-28T10:00:00Z") : null,
  });
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Report Co");
  companyId = company.id;
  const other = await createCountryAndCompany(db, "Other Co");
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Report branch", countryId: country.id })
    .returning();
  branchId = branch.id;
  await db
    .update(schema.companies)
    .set({ defaultBranchId: branch.id })
    .where(eq(schema.companies.id, company.id));
  const [hand, rigger, runner] = await db
    .insert(schema.skills)
    .values([
      { name: "Report Stagehand", order: 1 },
      { name: "Report Rigger", order: 2 },
      { name: "Report Runner", order: 3 },
    ])
    .returning();
  runnerId = runner.id;
  await db.insert(schema.clientRates).values([
    {
      companyId: company.id,
      branchId: branch.id,
      skillId: hand.id,
      currencyCode: "DKK",
      standardPrice: 30000,
      weekendPrice: 40000,
      nightPrice: 50000,
      nightStart: "22:00",
      nightEnd: "06:00",
      rateWorker: 20000,
    },
    {
      companyId: company.id,
      branchId: branch.id,
      skillId: rigger.id,
      currencyCode: "DKK",
      standardPrice: 40000,
      nightStart: "22:00",
      nightEnd: "06:00",
    },
  ]);
  const [anna, ole, bo] = [
    await createUser(db, { roles: [ROLE.worker], name: "Anna Andersen" }),
    await createUser(db, { roles: [ROLE.worker], name: "Ole Olsen" }),
    await createUser(db, { roles: [ROLE.worker], name: "Bo Berg" }),
  ].map((u) => u.id);
  const shift = {
    startsAt: at("2026-11-27T17:00:00Z"),
    endsAt: at("2026-11-28T01:00:00Z"),
    slots: [
      { skillId: hand.id, positions: 2 },
      { skillId: rigger.id, positions: 1 },
    ],
  };
  const job = await insertJob(db, {
    name: "Friday gala",
    companyId: company.id,
    countryId: country.id,
    status: "Approved",
    shifts: [shift],
  });
  jobId = job.id;
  const [handSlot, riggerSlot] = job.shifts[0].slots.map((s) => s.id);
  await approvedHours(riggerSlot, ole, "2026-11-27T17:00:00Z", "2026-11-27T22:00:00Z");
  await approvedHours(handSlot, anna, "2026-11-27T17:00:00Z", "2026-11-28T01:00:00Z");
  await approvedHours(handSlot, bo, "2026-11-27T17:00:00Z", "2026-11-28T01:00:00Z", false);
  await db.insert(schema.additionalCosts).values({
    jobId,
    category: "travel",
    description: "Van to the venue",
    quantity: 2,
    unitAmount: 15000,
    currencyCode: "DKK",
  });

  /** Another job on the same shift: one place per skill, Anna's 3 h on the first, Ole's on the second. */
  const jobWithHours = async (name: string, skills: number[], approved = true) => {
    const j = await insertJob(db, {
      name,
      companyId: company.id,
      countryId: country.id,
      shifts: [{ ...shift, slots: skills.map((skillId) => ({ skillId, positions: 1 })) }],
    });
    const [first, second] = j.shifts[0].slots.map((s) => s.id);
    await approvedHours(first, anna, "2026-11-27T17:00:00Z", "2026-11-27T20:00:00Z", approved);
    if (second)
      await approvedHours(second, ole, "2026-11-27T17:00:00Z", "2026-11-27T20:00:00Z", approved);
    return j.id;
  };
  noHoursJobId = await jobWithHours("Nothing approved", [hand.id], false);
  missingJobId = await jobWithHours("Runner job", [runner.id, hand.id]);
  smallJobId = await jobWithHours("Small job", [hand.id]);
  archivedJobId = await jobWithHours("Archived report job", [hand.id]);
  await db
    .update(schema.jobs)
    .set({ deletedAt: new Date() })
    .where(eq(schema.jobs.id, archivedJobId));

  const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) => {
    const user = await apiUser(db, role, extra);
    if (role === ROLE.projectManager) pmId = user.id;
    userIds[role] ??= user.id;
    return user.token;
  };
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.pm = await tokenFor(ROLE.projectManager);
  tokens.crewHandler = await tokenFor(ROLE.crewHandler);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.otherClient = await tokenFor(ROLE.client, { companyId: other.company.id });
  tokens.worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

/** The route's raw answer: the xlsx bytes are read as bytes, a JSON error as JSON. */
async function download(id: number | string, token: string | null = tokens.pm) {
  const request = new NextRequest(new URL(`/api/v2/jobs/${id}/report`, "http://localhost"), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const res = await reportRoute.GET(request, { params: Promise.resolve({ id: String(id) }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get("content-type") ?? "").includes("json")
    ? (JSON.parse(bytes.toString("utf8")) as Record<string, unknown>)
    : null;
  const contentType = res.headers.get("content-type") ?? "";
  return { status: res.status, headers: res.headers, bytes, json, body: json, contentType };
}

async function sheetOf(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Report")!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}

const rowStarting = (rows: unknown[][], ...first: unknown[]) =>
  rows.find((r) => first.every((v, i) => r[i] === v));

describe("GET jobs/{id}/report", () => {
  it("streams the xlsx named <date>_<company>_<job name>.xlsx", async () => {
    const res = await download(jobId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="2026-11-27_Report Co_Friday gala.xlsx"; filename*=UTF-8''2026-11-27_Report%20Co_Friday%20gala.xlsx`,
    );
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.bytes.subarray(0, 2).toString()).toBe("PK");
  });

  it("holds each approved place with its bands, client prices and amount, the costs and the total", async () => {
    const { rows } = await sheetOf((await download(jobId)).bytes);
    const header = rows.find((r) => r[0] === "Date")!;
    expect(header).toEqual([
      "Date",
      "Worker",
      "Skill",
      "Planned",
      "Approved",
      "Standard hours",
      "Weekend hours",
      "Night hours",
      "Standard price",
      "Weekend price",
      "Night price",
      "Amount (DKK)",
    ]);
    expect(rowStarting(rows, "27/11/2026", "Anna Andersen")).toEqual([
      "27/11/2026",
      "Anna Andersen",
      "Report Stagehand",
      "18:00–02:00 (+1 day)",
      "18:00–02:00 (+1 day)",
      4,
      0,
      4,
      300,
      400,
      500,
      3200,
    ]);
    expect(rowStarting(rows, "27/11/2026", "Ole Olsen")).toEqual([
      "27/11/2026",
      "Ole Olsen",
      "Report Rigger",
      "18:00–02:00 (+1 day)",
      "18:00–23:00",
      5,
      0,
      0,
      400,
      400,
      400,
      2000,
    ]);
    expect(rows.some((r) => r[1] === "Bo Berg")).toBe(false);
    expect(rowStarting(rows, "Travel")).toEqual(["Travel", "Van to the venue", 2, 150, "DKK", 300]);
    expect(rowStarting(rows, "Total", "DKK")).toEqual(["Total", "DKK", 13, 5500]);
    expect(rowStarting(rows, "Client")).toEqual(["Client", "Report Co"]);
  });

  it("lets a client contact of the job's company download it, with no worker pay in it", async () => {
    const res = await download(jobId, tokens.client);
    expect(res.status).toBe(200);
    const { rows } = await sheetOf(res.bytes);
    expect(rowStarting(rows, "Total", "DKK")).toEqual(["Total", "DKK", 13, 5500]);
    // The Stagehand card's rate_worker (200.00) is nowhere in the file.
    expect(rows.flat()).not.toContain(200);
  });

  it("answers 404 ERR.NO_REPORTS_FOR_JOB when nothing is approved", async () => {
    const res = await download(noHoursJobId);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      type: "ERR.NO_REPORTS_FOR_JOB",
      message: "No reports for requested job",
    });
  });

  it("answers 410 MissingRates naming the worked skills without a client price", async () => {
    const res = await download(missingJobId);
    expect(res.status).toBe(410);
    expect(res.json).toMatchObject({
      type: "MissingRates",
      skills: [{ id: runnerId, name: "Report Runner" }],
      message:
        "No client rate in DKK for Report Runner. Add it to the client's rate card to download the report.",
      details: { company_id: companyId, branch_id: branchId },
    });
  });

  it("answers 403 to an office user who may not read the projection", async () => {
    const res = await download(jobId, tokens.crewHandler);
    expect(res.status).toBe(403);
    expectErrorBody(res);
  });

  it("answers 404 to a worker and to a client contact of another company", async () => {
    for (const token of [tokens.worker, tokens.otherClient]) {
      const res = await download(jobId, token);
      expect(res.status).toBe(404);
      expect(res.json?.message).toBe("Job not found.");
    }
  });

  it("answers 401 without a token, 404 for unknown, malformed or archived jobs, 405 to a write", async () => {
    expect((await download(jobId, null)).status).toBe(401);
    for (const bad of ["99999999", "0", "abc", String(archivedJobId)]) {
      const res = await download(bad, tokens.admin);
      expect(res.status).toBe(404);
      expect(res.json?.message).toBe("Job not found.");
    }
    const post = await callRoute(reportRoute.POST, `jobs/${jobId}/report`, {
      method: "POST",
      token: tokens.pm,
      json: {},
      params: { id: String(jobId) },
    });
    expect(post.status).toBe(405);
  });

  it("reads in a fixed number of queries whatever the size of the job, and writes nothing", async () => {
    const counting = countingDb(handle);
    const ctx = { ...(await ctxFor(db, pmId)), db: counting.db };
    expect((await jobReport(ctx, smallJobId)).lines).toHaveLength(1);
    const small = counting.statements();
    counting.reset();
    const report = await jobReport(ctx, jobId);
    expect(report.lines).toHaveLength(2);
    expect(counting.statements()).toBe(small);
    expect(counting.writes()).toEqual([]);
    // Actor 1, job 1, pricing 2–3, hours + company 2, client rates 2, calendar 1, costs 1.
    expect(small).toBeLessThanOrEqual(13);
  });

  it("shows the Download report button to those who may download it", async () => {
    const can = async (userId: number) =>
      (await fetchJobForView(await ctxFor(db, userId), jobId)).can.report;
    expect(await can(userIds[ROLE.admin])).toBe(true);
    expect(await can(pmId)).toBe(true);
    expect(await can(userIds[ROLE.client])).toBe(true);
    expect(await can(userIds[ROLE.crewHandler])).toBe(false);
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { drainQueue, startQueue, stopQueue } from "@/lib/jobs/queue";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { registerSalaryExportJob } from "@/lib/services/salary/export-job";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as historyRoute from "@/app/api/v2/salary/history/route";
import * as historyFileRoute from "@/app/api/v2/salary/history/[id]/route";
import { expectErrorBody } from "./contract.test-support";

/** POST salary/history, GET salary/history and GET salary/history/{id} through their routes. */
let handle: DbHandle;
let db: Db;
let dir: string;
let branchId: number;
const tokens = {} as Record<"admin" | "pm" | "client" | "worker", string>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-api-salary-export-"));
  setFileStore(localStore(dir));
  const { country, company } = await createCountryAndCompany(db, "Api Salary Export");
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Odense", countryId: country.id })
    .returning();
  branchId = branch.id;
  const [skill] = await db.insert(schema.skills).values({ name: "Loader", order: 1 }).returning();
  const worker = await createUser(db, { roles: [ROLE.worker], name: "Lars Loader" });
  await db.insert(schema.salaryLines).values({
    userId: worker.id,
    skillId: skill.id,
    branchId,
    countryId: country.id,
    workDate: "2026-10-05",
    startsAt: new Date("2026-10-05T06:00:00Z"),
    endsAt: new Date("2026-10-05T10:00:00Z"),
    currencyCode: "DKK",
    standardMinutes: 240,
    standardRate: 15000,
    rateSource: "card",
    amount: 60000,
  });
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.pm = await tokenFor(ROLE.projectManager);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.worker = await tokenFor(ROLE.worker);
  registerSalaryExportJob(async () => db);
  await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
});
afterAll(async () => {
  await stopQueue({ graceful: false });
  setFileStore(undefined);
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

const start = (c: ApiCall = {}) =>
  callRoute(historyRoute.POST, "salary/history", { token: tokens.admin, ...c });
const list = (c: ApiCall = {}, query = "") =>
  callRoute(historyRoute.GET, `salary/history${query}`, { token: tokens.admin, ...c });
const file = (id: number | string, c: ApiCall = {}) =>
  callRoute(historyFileRoute.GET, `salary/history/${id}`, {
    token: tokens.admin,
    ...c,
    params: { id: String(id) },
  });
const exportCount = async () => (await db.select({ n: count() }).from(schema.salaryExports))[0].n;
const october = { from: "01/10/2026", to: "31/10/2026" };

describe("salary/history", () => {
  let exportId: number;

  it("starts an export (POST) and answers its ids in { data }", async () => {
    const res = await start({ json: { ...october, branch_id: branchId } });
    expect(res.status).toBe(200);
    const body = res.body as { data: { export_id: number; monitor_id: number; status: string } };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data).toEqual({
      export_id: expect.any(Number),
      monitor_id: expect.any(Number),
      status: "queued",
    });
    exportId = body.data.export_id;
    await drainQueue("salary-export");
  });

  it("lists the exports (GET) with paging meta", async () => {
    const res = await list({}, "?page=1&perPage=5");
    expect(res.status).toBe(200);
    const body = res.body as { data: { id: number; status: string }[]; meta: unknown };
    expect(body.data[0]).toMatchObject({ id: exportId, status: "done", lines: 1, scope: "Odense" });
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 5, total: 1 });
    expect((await list({}, "?page=-1")).status).toBe(422);
  });

  it("downloads the xlsx (GET {id}) named with the period and branch", async () => {
    const res = await file(exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toContain(
      'filename="Salary-2026-10-Odense.xlsx"',
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
    const row = wb.getWorksheet("Lines")!.getRow(2);
    expect(row.getCell(2).value).toBe("Lars Loader");
    expect(row.getCell(19).value).toBe(600);
  });

  it("answers 404 with a message for a period without lines, writing nothing", async () => {
    const before = await exportCount();
    const res = await start({
      json: { from: "2026-09-01", to: "2026-09-30", branch_id: branchId },
    });
    expect(res.status).toBe(404);
    expect(expectErrorBody(res).message).toBe(
      "There are no salary lines for 01/09/2026–30/09/2026 (Odense) to export. Run the salary for the period first.",
    );
    expect(await exportCount()).toBe(before);
  });

  it("answers 422 on bad input and 404 for an unknown or malformed id", async () => {
    const before = await exportCount();
    const bad = await start({ json: { from: "soon", to: "2026-10-31" } });
    expect(bad.status).toBe(422);
    expect(expectErrorBody(bad).errors?.branch_id).toEqual(["Choose a branch or a country."]);
    expect(await exportCount()).toBe(before);
    for (const id of [999999, "abc", 0, "99999999999"]) expect((await file(id)).status).toBe(404);
  });

  it.each(["pm", "client", "worker"] as const)(
    "answers 403 to %s (no salary_access) on every call, writing nothing",
    async (who) => {
      const before = await exportCount();
      const c = { token: tokens[who] };
      for (const res of [
        await start({ ...c, json: { ...october, branch_id: branchId } }),
        await list(c),
        await file(exportId, c),
      ]) {
        expect(res.status).toBe(403);
        expectErrorBody(res);
      }
      expect(await exportCount()).toBe(before);
    },
  );

  it("answers 401 without a token and 405 to another method", async () => {
    expect((await list({ token: undefined })).status).toBe(401);
    const put = await callRoute(historyRoute.PUT, "salary/history", { token: tokens.admin });
    expect(put.status).toBe(405);
  });
});

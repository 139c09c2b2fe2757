import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { drainQueue, startQueue, stopQueue } from "@/lib/jobs/queue";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { registerSalaryExportJob } from "@/lib/services/salary/export-job";
import { pdfTextOf } from "@/lib/services/pdf/read.test-support";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as slipsRoute from "@/app/api/v2/salary/slips/route";
import * as historyRoute from "@/app/api/v2/salary/history/route";
import * as historyFileRoute from "@/app/api/v2/salary/history/[id]/route";
import { expectErrorBody } from "./contract.test-support";

/** POST salary/slips through its route: the ZIP is listed and downloaded via salary/history. */
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
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-api-slips-zip-"));
  setFileStore(localStore(dir));
  const { country, company } = await createCountryAndCompany(db, "Api Slips Zip");
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
  callRoute(slipsRoute.POST, "salary/slips", { token: tokens.admin, ...c });
const file = (id: number | string, c: ApiCall = {}) =>
  callRoute(historyFileRoute.GET, `salary/history/${id}`, {
    token: tokens.admin,
    ...c,
    params: { id: String(id) },
  });
const exportCount = async () => (await db.select({ n: count() }).from(schema.salaryExports))[0].n;
const october = { from: "01/10/2026", to: "31/10/2026" };

describe("POST salary/slips", () => {
  let exportId: number;

  it("starts the ZIP in the background and answers its ids in { data }", async () => {
    const res = await start({ json: { ...october, branch_id: branchId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { export_id: expect.any(Number), monitor_id: expect.any(Number), status: "queued" },
    });
    exportId = (res.body as { data: { export_id: number } }).data.export_id;
    await drainQueue("salary-export");
  });

  it("lists it in GET salary/history and downloads it as a ZIP of the worker's slip", async () => {
    const list = await callRoute(historyRoute.GET, "salary/history", { token: tokens.admin });
    expect((list.body as { data: unknown[] }).data[0]).toMatchObject({
      id: exportId,
      format: "zip",
      file_name: "Pay slips October 2026 - Odense.zip",
      status: "done",
    });
    const res = await file(exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain(
      'filename="Pay slips October 2026 - Odense.zip"',
    );
    const zip = await JSZip.loadAsync(res.bytes);
    const name = "Pay slip October 2026 - Lars Loader.pdf";
    expect(Object.keys(zip.files)).toEqual([name]);
    const text = await pdfTextOf(await zip.file(name)!.async("uint8array"));
    expect(text).toContain("Lars Loader");
    expect(text).toContain("600.00 DKK");
  });

  it("GET salary/slips still streams a small period", async () => {
    const res = await callRoute(
      slipsRoute.GET,
      `salary/slips?from=2026-10-01&to=2026-10-31&branch_id=${branchId}`,
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
  });

  it("answers 404 for a period without lines and 422 without a place, writing nothing", async () => {
    const before = await exportCount();
    const none = await start({
      json: { from: "2026-09-01", to: "2026-09-30", branch_id: branchId },
    });
    expect(none.status).toBe(404);
    expect(expectErrorBody(none).message).toBe(
      "There are no salary lines for 01/09/2026–30/09/2026 (Odense) to export. Run the salary for the period first.",
    );
    const bad = await start({ json: october });
    expect(bad.status).toBe(422);
    expect(expectErrorBody(bad).errors?.branch_id).toEqual(["Choose a branch or a country."]);
    expect(await exportCount()).toBe(before);
  });

  it.each(["pm", "client", "worker"] as const)(
    "answers 403 to %s (no salary_access), writing nothing",
    async (who) => {
      const before = await exportCount();
      const res = await start({ token: tokens[who], json: { ...october, branch_id: branchId } });
      expect(res.status).toBe(403);
      expectErrorBody(res);
      expect(await exportCount()).toBe(before);
    },
  );

  it("answers 401 without a token", async () => {
    expect((await start({ token: undefined, json: october })).status).toBe(401);
  });
});

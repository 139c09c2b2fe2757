import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { drainQueue, startQueue, stopQueue } from "@/lib/jobs/queue";
import { registerSalaryRunJob } from "@/lib/services/salary/run-job";
import { testDatabase } from "@/lib/testing/db";
import { apiUser, createCountryAndCompany } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as salaryAllRoute from "@/app/api/v2/salary/all/route";
import * as progressRoute from "@/app/api/v2/job-progress/[id]/route";
import { expectErrorBody } from "./contract.test-support";

/** POST salary/all and GET job-progress/{id} through their route handlers. */
let handle: DbHandle;
let db: Db;
let branchId: number;
const tokens = {} as Record<"admin" | "pm" | "client" | "worker", string>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await apiUser(db, role, extra)).token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Api Salary Run");
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Api salary branch", countryId: country.id })
    .returning();
  branchId = branch.id;
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.pm = await tokenFor(ROLE.projectManager);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.worker = await tokenFor(ROLE.worker);
  registerSalaryRunJob(async () => db);
  await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
});
afterAll(async () => {
  await stopQueue({ graceful: false });
  await handle?.close();
});

const start = (c: ApiCall = {}, query = "") =>
  callRoute(salaryAllRoute.POST, `salary/all${query}`, { token: tokens.admin, ...c });
const progress = (id: number | string, c: ApiCall = {}) =>
  callRoute(progressRoute.GET, `job-progress/${id}`, {
    token: tokens.admin,
    ...c,
    params: { id: String(id) },
  });
const runCount = async () => (await db.select({ n: count() }).from(schema.salaryRuns))[0].n;

describe("POST salary/all", () => {
  let monitorId: number;

  it("starts the run and answers its run and monitor in { data }", async () => {
    const res = await start({
      json: { from: "2026-11-01", to: "2026-11-30", branch_id: branchId },
    });
    expect(res.status).toBe(200);
    const body = res.body as { data: { run_id: number; monitor_id: number; status: string } };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data).toEqual({
      run_id: expect.any(Number),
      monitor_id: expect.any(Number),
      status: "queued",
    });
    monitorId = body.data.monitor_id;
    await drainQueue("salary-run");
  });

  it("takes the period as filter[from]/filter[to] in the query", async () => {
    const res = await start(
      { json: { branch_id: branchId } },
      "?filter[from]=01/10/2026&filter[to]=31/10/2026",
    );
    expect(res.status).toBe(200);
    await drainQueue("salary-run");
  });

  it("answers GET job-progress/{id} with status, done, total, percent, errors and message", async () => {
    const res = await progress(monitorId);
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown }).data).toMatchObject({
      id: monitorId,
      status: "done",
      done: 0,
      total: 0,
      percent: 100,
      errors: [],
      message: "Salary computed: 0 workers, 0 salary lines.",
    });
  });

  it("answers 422 with field errors on bad input and 400 on malformed JSON, writing nothing", async () => {
    const before = await runCount();
    const bad = await start({ json: { from: "yesterday", to: "2026-11-30" } });
    expect(bad.status).toBe(422);
    const err = expectErrorBody(bad);
    expect(err.errors?.from).toEqual(["The from must be a date."]);
    expect(err.errors?.branch_id).toEqual(["Choose a branch or a country."]);
    const malformed = await start({
      rawBody: "{from:",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect(await runCount()).toBe(before);
  });

  it.each(["pm", "client", "worker"] as const)(
    "answers 403 to %s (no salary_access), writing nothing",
    async (who) => {
      const before = await runCount();
      const res = await start({
        token: tokens[who],
        json: { from: "2026-11-01", to: "2026-11-30", branch_id: branchId },
      });
      expect(res.status).toBe(403);
      expectErrorBody(res);
      expect(await runCount()).toBe(before);
    },
  );

  it("answers 401 without a token", async () => {
    const res = await start({ token: undefined, json: { from: "2026-11-01", to: "2026-11-30" } });
    expect(res.status).toBe(401);
  });

  it.each(["pm", "client", "worker"] as const)(
    "answers GET job-progress/{id} 404 to %s",
    async (who) => {
      const res = await progress(monitorId, { token: tokens[who] });
      expect(res.status).toBe(404);
      expect(expectErrorBody(res).message).toBe("Progress not found.");
    },
  );

  it("answers 404 for an unknown or malformed monitor id", async () => {
    expect((await progress(999999)).status).toBe(404);
    expect((await progress("x1")).status).toBe(404);
  });
});

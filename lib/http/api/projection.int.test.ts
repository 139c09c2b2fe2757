import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { applyOn, insertJob } from "@/lib/testing/jobs-fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as projectionRoute from "@/app/api/v2/jobs/[id]/projection/route";
import { expectErrorBody } from "./contract.test-support";

let handle: DbHandle;
let db: Db;
let pm: string;
let jobId: number;
let archivedId: number;
const tokens = {} as Record<"crewHandler" | "client" | "worker", string>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Api Projection");
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Api projection branch", countryId: country.id })
    .returning();
  await db
    .update(schema.companies)
    .set({ defaultBranchId: branch.id })
    .where(eq(schema.companies.id, company.id));
  const [skill] = await db.insert(schema.skills).values({ name: "Api Hand", order: 1 }).returning();
  // Monday 30/11/2026 09:00–13:00 Copenhagen: 4 h standard.
  const job = await insertJob(db, {
    workerRates: false,
    name: "Api projection job",
    companyId: company.id,
    countryId: country.id,
    shifts: [
      {
        startsAt: new Date("2026-11-30T08:00:00Z"),
        endsAt: new Date("2026-11-30T12:00:00Z"),
        slots: [{ skillId: skill.id, positions: 2 }],
      },
    ],
  });
  jobId = job.id;
  await db.insert(schema.clientRates).values({
    companyId: company.id,
    branchId: branch.id,
    skillId: skill.id,
    currencyCode: "DKK",
    standardPrice: 30000,
    rateWorker: 20000,
  });
  const worker = await createUser(db, { roles: [ROLE.worker], name: "Api Worker" });
  await applyOn(db, job.shifts[0].slots[0].id, worker.id, "Booked");
  const archived = await insertJob(db, {
    workerRates: false,
    name: "Archived projection job",
    companyId: company.id,
    countryId: country.id,
    shifts: [],
  });
  archivedId = archived.id;
  await db.update(schema.jobs).set({ deletedAt: new Date() }).where(eq(schema.jobs.id, archivedId));
  pm = await tokenFor(ROLE.projectManager);
  tokens.crewHandler = await tokenFor(ROLE.crewHandler);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

const get = (id: number | string, c: ApiCall = {}) =>
  callRoute(projectionRoute.GET, `jobs/${id}/projection`, {
    token: pm,
    ...c,
    params: { id: String(id) },
  });

describe("GET jobs/{id}/projection", () => {
  it("answers the projection in the { data } envelope", async () => {
    const res = await get(jobId);
    expect(res.status).toBe(200);
    const body = res.body as {
      data: {
        currency: string;
        shifts: { planned: { revenue: number }; booked: { revenue: number } }[];
        totals: Record<string, { revenue: number; worker_cost: number; margin: number }>;
        missing_rates: { message: string }[];
      };
    };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.currency).toBe("DKK");
    // Planned: 2 × 4 h × 300 kr = 2 400 kr revenue, 2 × 4 h × 200 kr = 1 600 kr cost.
    expect(body.data.totals.planned).toMatchObject({
      revenue: 240000,
      worker_cost: 160000,
      margin: 80000,
    });
    // Booked: one worker with no worker rate (rate_worker prices planned places only).
    expect(body.data.totals.booked).toMatchObject({ revenue: 120000, worker_cost: 0 });
    expect(body.data.missing_rates.map((m) => m.message)).toEqual([
      "No worker rate for Api Worker as Api Hand",
    ]);
  });

  it("answers 401 without a token", async () => {
    const res = await get(jobId, { token: undefined });
    expect(res.status).toBe(401);
    expectErrorBody(res);
  });

  it("answers 403 to a crew handler, a client contact and a worker", async () => {
    for (const token of Object.values(tokens)) {
      const res = await get(jobId, { token });
      expect(res.status).toBe(403);
      expectErrorBody(res);
    }
  });

  it("answers 404 for an unknown, malformed or archived job", async () => {
    for (const bad of ["99999999", "0", "abc", "99999999999", String(archivedId)]) {
      const res = await get(bad);
      expect(res.status).toBe(404);
      expect(expectErrorBody(res).message).toBe("Job not found.");
    }
  });

  it("answers 405 to a write", async () => {
    const res = await callRoute(projectionRoute.POST, `jobs/${jobId}/projection`, {
      method: "POST",
      token: pm,
      json: {},
      params: { id: String(jobId) },
    });
    expect(res.status).toBe(405);
  });
});

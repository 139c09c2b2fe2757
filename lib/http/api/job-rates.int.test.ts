import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as clientRatesRoute from "@/app/api/v2/jobs/[id]/client-rates/route";
import * as saveRatesRoute from "@/app/api/v2/jobs/[id]/save-rates/route";
import * as workerRatesRoute from "@/app/api/v2/jobs/[id]/worker-rates/route";
import * as saveWorkerRatesRoute from "@/app/api/v2/jobs/[id]/save-worker-rates/route";
import { expectErrorBody } from "./contract.test-support";

let handle: DbHandle;
let db: Db;
let pm: string;
let jobId: number;
let skillId: number;
let place: { companyId: number; countryId: number };
const tokens = {} as Record<"crewHandler" | "client" | "worker", string>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Api Job Rates");
  place = { companyId: company.id, countryId: country.id };
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Api branch", countryId: country.id })
    .returning();
  await db
    .update(schema.companies)
    .set({ defaultBranchId: branch.id })
    .where(eq(schema.companies.id, company.id));
  [{ id: skillId }] = await db
    .insert(schema.skills)
    .values({ name: "Stagehand", order: 1 })
    .returning();
  await db.insert(schema.clientRates).values({
    companyId: company.id,
    branchId: branch.id,
    skillId,
    currencyCode: "DKK",
    standardPrice: 30000,
  });
  // Written straight to the tables: nothing copied, so the card applies until a save.
  jobId = (
    await insertJob(db, {
      name: "Api rates job",
      ...place,
      shifts: [
        {
          startsAt: new Date("2026-12-01T07:00:00Z"),
          endsAt: new Date("2026-12-01T15:00:00Z"),
          slots: [{ skillId, positions: 2 }],
        },
      ],
    })
  ).id;
  pm = await tokenFor(ROLE.projectManager);
  tokens.crewHandler = await tokenFor(ROLE.crewHandler);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

interface ClientRatesData {
  currency: { code: string; digits: number };
  rates: { skill_id: number; source: string | null; standard_price: number | null }[];
  message?: string;
}

const call = (
  handler: typeof clientRatesRoute.GET,
  path: string,
  id: number | string,
  c: ApiCall = {},
) => callRoute(handler, `jobs/${id}/${path}`, { token: pm, ...c, params: { id: String(id) } });
const clientRates = (id: number | string, c: ApiCall = {}) =>
  call(clientRatesRoute.GET, "client-rates", id, c);
const saveRates = (id: number | string, json: unknown, c: ApiCall = {}) =>
  call(saveRatesRoute.POST, "save-rates", id, { method: "POST", json, ...c });
const workerRates = (id: number | string, c: ApiCall = {}) =>
  call(workerRatesRoute.GET, "worker-rates", id, c);
const saveWorkerRates = (id: number | string, json: unknown, c: ApiCall = {}) =>
  call(saveWorkerRatesRoute.POST, "save-worker-rates", id, { method: "POST", json, ...c });

describe("a job's rates over REST", () => {
  it("reads the card's rate, saves the job's own, and reads it back in the { data } envelope", async () => {
    const before = await clientRates(jobId);
    expect(before.status).toBe(200);
    const data = (before.body as { data: ClientRatesData }).data;
    expect(Object.keys(before.body as object)).toEqual(["data"]);
    expect(data.currency).toEqual({ code: "DKK", digits: 2 });
    expect(data.rates).toMatchObject([
      { skill_id: skillId, source: "card", standard_price: 30000 },
    ]);

    const saved = await saveRates(jobId, {
      rates: [{ skill_id: skillId, standard_price: 32500 }],
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { data: ClientRatesData }).data.message).toBe(
      "Record updated successfully",
    );
    const after = (await clientRates(jobId)).body as { data: ClientRatesData };
    expect(after.data.rates[0]).toMatchObject({ source: "job", standard_price: 32500 });

    const worker = await saveWorkerRates(jobId, { rates: [{ skill_id: skillId, amount: 17000 }] });
    expect(worker.status).toBe(200);
    const read = (await workerRates(jobId)).body as {
      data: { rates: { level_id: number | null; source: string; amount: number }[] };
    };
    expect(read.data.rates[0]).toMatchObject({ level_id: null, source: "job", amount: 17000 });
  });

  it("answers 401 without a token and 403 to a crew handler, a client contact and a worker", async () => {
    for (const c of [{ token: undefined }, ...Object.values(tokens).map((token) => ({ token }))]) {
      for (const res of [
        await clientRates(jobId, c),
        await workerRates(jobId, c),
        await saveRates(jobId, { rates: [{ skill_id: skillId, standard_price: 1 }] }, c),
        await saveWorkerRates(jobId, { rates: [{ skill_id: skillId, amount: 1 }] }, c),
      ]) {
        expect(res.status).toBe(c.token === undefined ? 401 : 403);
        expectErrorBody(res);
      }
    }
    const after = (await clientRates(jobId)).body as { data: ClientRatesData };
    expect(after.data.rates[0].standard_price).not.toBe(1);
  });

  it("answers 404 for an unknown job, 422 with field errors, a 4xx for malformed JSON, 405 for a wrong method", async () => {
    for (const bad of ["99999999", "0", "abc", "99999999999"]) {
      expect(expectErrorBody(await clientRates(bad)).message).toBe("Job not found.");
      expect((await workerRates(bad)).status).toBe(404);
      expect((await saveRates(bad, { rates: [] })).status).toBe(404);
    }
    const res = await saveRates(jobId, {
      rates: [{ skill_id: skillId, standard_price: 100, night_price: 200 }],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(expectErrorBody(res).errors ?? {})).toEqual(["rates.0.night_start"]);
    const raw = await call(saveRatesRoute.POST, "save-rates", jobId, {
      method: "POST",
      rawBody: "{not json",
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    const wrong = await call(clientRatesRoute.DELETE, "client-rates", jobId, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toContain("GET");
  });

  it("answers 409 to a save on an archived job and 404 to a read", async () => {
    const job = await insertJob(db, { name: "Archived rates job", ...place, shifts: [] });
    await db.update(schema.jobs).set({ deletedAt: new Date() }).where(eq(schema.jobs.id, job.id));
    const res = await saveRates(job.id, { rates: [] });
    expect(res.status).toBe(409);
    expect(expectErrorBody(res).type).toBe("job_archived");
    expect((await clientRates(job.id)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as itemRoute from "@/app/api/v2/jobs/additional-costs/[id]/route";
import * as saveRoute from "@/app/api/v2/jobs/[id]/additional-costs/save/route";
import { expectErrorBody } from "./contract.test-support";

let handle: DbHandle;
let db: Db;
let pm: string;
let jobId: number;
let otherJobId: number;
let rigging: number;
let place: { companyId: number; countryId: number };
const tokens = {} as Record<"crewHandler" | "client" | "worker", string>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Api Costs");
  place = { companyId: company.id, countryId: country.id };
  const job = (name: string) => insertJob(db, { name, ...place, shifts: [] });
  jobId = (await job("Api costs job")).id;
  otherJobId = (await job("Other costs job")).id;
  [{ id: rigging }] = await db
    .insert(schema.equipmentCategories)
    .values({ name: "Rigging" })
    .returning();
  pm = await tokenFor(ROLE.projectManager);
  tokens.crewHandler = await tokenFor(ROLE.crewHandler);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  tokens.worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

interface CostData {
  id: number;
  job_id: number;
  category: string;
  equipment_category: { id: number; name: string } | null;
  note: string | null;
  quantity: number;
  amount: number;
  total: number;
  currency: string;
}
interface ListData {
  currency: string;
  items: CostData[];
  totals: { by_category: { category: string; total: number }[]; total: number };
}

const list = (id: number | string, c: ApiCall = {}) =>
  callRoute(itemRoute.GET, `jobs/additional-costs/${id}`, {
    token: pm,
    ...c,
    params: { id: String(id) },
  });
const save = (id: number | string, json: unknown, c: ApiCall = {}) =>
  callRoute(saveRoute.POST, `jobs/${id}/additional-costs/save`, {
    method: "POST",
    token: pm,
    json,
    ...c,
    params: { id: String(id) },
  });
const remove = (id: number | string, c: ApiCall = {}) =>
  callRoute(itemRoute.DELETE, `jobs/additional-costs/${id}`, {
    method: "DELETE",
    token: pm,
    ...c,
    params: { id: String(id) },
  });

describe("additional costs over REST", () => {
  it("adds, changes, lists and deletes costs in the { data } envelope", async () => {
    const added = await save(jobId, {
      category: "equipment",
      equipment_category_id: rigging,
      amount: 180000,
      note: "Extra forklift rental (1 day)",
    });
    expect(added.status).toBe(200);
    const cost = (added.body as { data: CostData & { message: string } }).data;
    expect(cost.message).toMatch(/^Equipment cost 1,800\.00 DKK added to \S/);
    expect(cost).toMatchObject({
      job_id: jobId,
      category: "equipment",
      equipment_category: { id: rigging, name: "Rigging" },
      quantity: 1,
      amount: 180000,
      total: 180000,
      currency: "DKK",
    });
    const changed = await save(jobId, {
      id: cost.id,
      category: "travel",
      amount: 12000,
      quantity: 8,
    });
    expect(changed.status).toBe(200);
    expect((changed.body as { data: CostData }).data).toMatchObject({
      id: cost.id,
      category: "travel",
      equipment_category: null,
      total: 96000,
    });
    await save(jobId, { category: "food", amount: 1000, quantity: 10 });

    const res = await list(jobId);
    expect(res.status).toBe(200);
    const body = res.body as { data: ListData };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.currency).toBe("DKK");
    expect(body.data.items.map((i) => i.total)).toEqual([96000, 10000]);
    expect(body.data.totals.total).toBe(106000);
    expect(body.data.totals.by_category.find((c) => c.category === "travel")?.total).toBe(96000);

    const del = await remove(cost.id);
    expect(del.status).toBe(200);
    expect((del.body as { data: { message: string } }).data.message).toMatch(
      /^Travel cost 8 × 120\.00 DKK = 960\.00 DKK deleted from \S/,
    );
    expect(((await list(jobId)).body as { data: ListData }).data.items).toHaveLength(1);
  });

  it("answers 401 without a token", async () => {
    for (const res of [
      await list(jobId, { token: undefined }),
      await save(jobId, { category: "food", amount: 1 }, { token: undefined }),
      await remove(1, { token: undefined }),
    ]) {
      expect(res.status).toBe(401);
      expectErrorBody(res);
    }
  });

  it("answers 403 to a crew handler, a client contact and a worker", async () => {
    const [{ id }] = await db
      .insert(schema.additionalCosts)
      .values({ jobId, category: "other", unitAmount: 500, currencyCode: "DKK" })
      .returning();
    for (const token of Object.values(tokens)) {
      for (const res of [
        await list(jobId, { token }),
        await save(jobId, { category: "food", amount: 1 }, { token }),
        await remove(id, { token }),
      ]) {
        expect(res.status).toBe(403);
        expectErrorBody(res);
      }
    }
    const [still] = await db
      .select()
      .from(schema.additionalCosts)
      .where(eq(schema.additionalCosts.id, id));
    expect(still.unitAmount).toBe(500);
  });

  it("answers 404 for an unknown job or cost, and for a cost of another job", async () => {
    for (const bad of ["99999999", "0", "abc", "99999999999"]) {
      expect(expectErrorBody(await list(bad)).message).toBe("Job not found.");
      expect((await save(bad, { category: "food", amount: 1 })).status).toBe(404);
      const res = await remove(bad);
      expect(res.status).toBe(404);
      expect(expectErrorBody(res).message).toBe("Additional cost not found.");
    }
    const cost = ((await save(jobId, { category: "food", amount: 1 })).body as { data: CostData })
      .data;
    const res = await save(otherJobId, { id: cost.id, category: "food", amount: 2 });
    expect(res.status).toBe(404);
    expect(expectErrorBody(res).message).toBe("Additional cost not found.");
  });

  it("answers 422 with field errors and malformed JSON with a 4xx, writing nothing", async () => {
    const before = ((await list(jobId)).body as { data: ListData }).data.items.length;
    const res = await save(jobId, { category: "equipment", amount: -1, quantity: 0 });
    expect(res.status).toBe(422);
    const body = expectErrorBody(res);
    expect(body.errors).toEqual({
      amount: ["The amount must be greater than 0."],
      quantity: ["The quantity must be at least 1."],
      equipment_category_id: ["Choose the kind of equipment."],
    });
    const raw = await callRoute(saveRoute.POST, `jobs/${jobId}/additional-costs/save`, {
      method: "POST",
      token: pm,
      rawBody: "{not json",
      params: { id: String(jobId) },
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expectErrorBody(raw);
    expect(((await list(jobId)).body as { data: ListData }).data.items).toHaveLength(before);
  });

  it("answers 409 to a change on an archived job", async () => {
    const job = await insertJob(db, { name: "Archived costs job", ...place, shifts: [] });
    await db.update(schema.jobs).set({ deletedAt: new Date() }).where(eq(schema.jobs.id, job.id));
    const res = await save(job.id, { category: "food", amount: 1 });
    expect(res.status).toBe(409);
    expect(expectErrorBody(res).type).toBe("job_archived");
    expect((await list(job.id)).status).toBe(404);
  });
});

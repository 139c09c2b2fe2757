import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { jobPricing, jobsPricing } from "./job-pricing";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let oslo: number;
let copenhagen: number;
let aarhus: number;

const job = (companyId: number) =>
  insertJob(db, { name: "Gig", companyId, countryId: w.countryId, shifts: [] });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  await db
    .insert(schema.currencies)
    .values({ code: "NOK", name: "Norwegian krone", symbol: "kr" })
    .onConflictDoNothing();
  const [norway] = await db
    .insert(schema.countries)
    .values({ name: "Norway", isoCode: "NO", currencyCode: "NOK", timeZone: "Europe/Oslo" })
    .returning();
  [copenhagen, aarhus] = (
    await db
      .insert(schema.branches)
      .values([
        { name: "Copenhagen", countryId: w.countryId },
        { name: "Aarhus", countryId: w.countryId },
      ])
      .returning()
  ).map((b) => b.id);
  [{ id: oslo }] = await db
    .insert(schema.branches)
    .values({ name: "Oslo", countryId: norway.id })
    .returning();
});
afterAll(async () => {
  await handle?.close();
});

describe("jobsPricing", () => {
  it("prices at the company's default branch, in its currency, in the job's time zone", async () => {
    await db
      .update(schema.companies)
      .set({ defaultBranchId: oslo })
      .where(eq(schema.companies.id, w.companyA));
    const { id } = await job(w.companyA);
    await db.insert(schema.jobBranches).values([
      { jobId: id, branchId: aarhus },
      { jobId: id, branchId: copenhagen },
    ]);
    expect(await jobPricing(db, id)).toEqual({
      jobId: id,
      companyId: w.companyA,
      branchId: oslo,
      branchIds: [oslo, Math.min(copenhagen, aarhus), Math.max(copenhagen, aarhus)],
      currencyCode: "NOK",
      timeZone: "Europe/Copenhagen",
      countryIso: "DK",
    });
  });

  it("falls back to the job's first branch when the default branch is archived or unset", async () => {
    await db
      .update(schema.branches)
      .set({ deletedAt: new Date() })
      .where(eq(schema.branches.id, oslo));
    const { id } = await job(w.companyA);
    await db.insert(schema.jobBranches).values([
      { jobId: id, branchId: aarhus },
      { jobId: id, branchId: copenhagen },
    ]);
    const pricing = await jobPricing(db, id);
    expect(pricing?.branchId).toBe(Math.min(aarhus, copenhagen));
    expect(pricing?.currencyCode).toBe("DKK");
    await db.update(schema.branches).set({ deletedAt: null }).where(eq(schema.branches.id, oslo));
  });

  it("has no pricing branch and no rates for a job with neither, and skips unknown ids", async () => {
    const { id } = await job(w.companyB);
    expect(await jobPricing(db, id)).toMatchObject({
      branchId: null,
      branchIds: [],
      currencyCode: "DKK",
    });
    expect(await jobPricing(db, 999999)).toBeNull();
  });

  it("reads any number of jobs in one query", async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => job(w.companyA).then((j) => j.id)));
    const counting = countingDb(handle);
    const map = await jobsPricing(counting.db, ids);
    expect(map.size).toBe(4);
    expect(counting.statements()).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { createUser } from "@/lib/testing/fixtures";
import { clientRatesFor, workerRatesFor, workerRatesForJobs, workerRateKey } from ".";
import { ratesWorld, type RatesWorld } from "./rates-fixtures.test-support";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let w: RatesWorld;
let jobId: number;
let otherJob: number;
let senior: number;
let junior: number;
let custom: number;
let nobody: number;

const cr = (
  v: Partial<typeof schema.clientRates.$inferInsert> & { skillId: number; standardPrice: number },
) =>
  db
    .insert(schema.clientRates)
    .values({ companyId: w.companyA, branchId: w.cph, currencyCode: "DKK", ...v });
const wr = (
  v: Partial<typeof schema.workerRates.$inferInsert> & { skillId: number; amount: number },
) => db.insert(schema.workerRates).values({ branchId: w.cph, currencyCode: "DKK", ...v });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await ratesWorld(db, now);
  const jobs = await db
    .insert(schema.jobs)
    .values([
      { name: "Lookup job", companyId: w.companyA, countryId: w.countryId },
      { name: "Other job", companyId: w.companyA, countryId: w.countryId },
    ])
    .returning();
  [jobId, otherJob] = jobs.map((j) => j.id);
  senior = (await createUser(db, { roles: [ROLE.worker] })).id;
  junior = (await createUser(db, { roles: [ROLE.worker] })).id;
  custom = (await createUser(db, { roles: [ROLE.worker] })).id;
  nobody = (await createUser(db, { roles: [ROLE.worker] })).id;
  await db.insert(schema.userSkills).values([
    { userId: senior, skillId: w.hand, levelId: w.senior },
    { userId: junior, skillId: w.hand, levelId: w.junior },
    { userId: custom, skillId: w.hand, levelId: w.senior },
    { userId: senior, skillId: w.rigger, levelId: w.senior },
  ]);
  // Client: card rows for Stagehand and the parent Stage; a job row for Stagehand on one job.
  await cr({
    skillId: w.hand,
    standardPrice: 40000,
    rateWorker: 20000,
    nightStart: "22:00",
    nightEnd: "06:00",
    nightPrice: 48000,
  });
  await cr({ skillId: w.stage, standardPrice: 35000 });
  await cr({ skillId: w.hand, standardPrice: 45000, jobId });
  await cr({ skillId: w.hand, standardPrice: 1, companyId: w.companyB });
  await cr({ skillId: w.hand, standardPrice: 2, branchId: w.sto, currencyCode: "SEK" });
  // Worker: Stagehand card per level and without level; a custom rate; job rows.
  await wr({ skillId: w.hand, levelId: w.senior, amount: 21000 });
  await wr({ skillId: w.hand, levelId: null, amount: 17000 });
  await wr({ skillId: w.hand, userId: custom, amount: 26000 });
  await wr({ skillId: w.stage, levelId: w.senior, amount: 19000 });
  // Inserted after the senior row: an open place must take it for its level's weight, not its id.
  await wr({ skillId: w.stage, levelId: w.junior, amount: 16000 });
  await wr({ skillId: w.hand, amount: 30000, jobId, userId: senior, branchId: null });
  await wr({ skillId: w.hand, amount: 28000, jobId, branchId: null });
  await wr({ skillId: w.hand, amount: 99999, branchId: w.sto, currencyCode: "SEK" });
});
afterAll(async () => {
  await handle?.close();
});

describe("clientRatesFor", () => {
  it("takes the card row, else the parent's; a skill without either is absent", async () => {
    const m = await clientRatesFor(db, {
      companyId: w.companyA,
      branchId: w.cph,
      skillIds: [w.hand, w.rigger, w.gone],
    });
    expect(m.get(w.hand)).toMatchObject({
      source: "card",
      standard: 40000,
      rateWorker: 20000,
      night: 48000,
      nightStart: "22:00",
      currencyCode: "DKK",
    });
    expect(m.get(w.rigger)).toMatchObject({
      source: "parent-card",
      skillId: w.stage,
      standard: 35000,
    });
    expect(m.has(w.gone)).toBe(false);
  });

  it("prefers the job's own row on that job only", async () => {
    const onJob = await clientRatesFor(db, {
      companyId: w.companyA,
      branchId: w.cph,
      jobId,
      skillIds: [w.hand],
    });
    expect(onJob.get(w.hand)).toMatchObject({ source: "job", standard: 45000 });
    const other = await clientRatesFor(db, {
      companyId: w.companyA,
      branchId: w.cph,
      jobId: otherJob,
      skillIds: [w.hand],
    });
    expect(other.get(w.hand)?.standard).toBe(40000);
  });

  it("keeps to the company and branch", async () => {
    expect(
      (
        await clientRatesFor(db, { companyId: w.companyB, branchId: w.cph, skillIds: [w.hand] })
      ).get(w.hand)?.standard,
    ).toBe(1);
    expect(
      (
        await clientRatesFor(db, { companyId: w.companyA, branchId: w.sto, skillIds: [w.hand] })
      ).get(w.hand),
    ).toMatchObject({ standard: 2, currencyCode: "SEK" });
    expect(
      (await clientRatesFor(db, { companyId: w.companyB, branchId: w.sto, skillIds: [w.hand] }))
        .size,
    ).toBe(0);
  });

  it("answers any number of skills in one query", async () => {
    const counting = countingDb(handle);
    await clientRatesFor(counting.db, {
      companyId: w.companyA,
      branchId: w.cph,
      jobId,
      skillIds: [w.hand, w.rigger, w.stage, w.gone],
    });
    expect(counting.statements()).toBe(1);
  });
});

describe("workerRatesFor", () => {
  const pairs = () => [
    { userId: senior, skillId: w.hand },
    { userId: junior, skillId: w.hand },
    { userId: custom, skillId: w.hand },
    { userId: nobody, skillId: w.hand },
    { userId: senior, skillId: w.rigger },
    { userId: junior, skillId: w.rigger },
  ];

  it("off a job: custom rate → card row of the worker's level → card row without level → parent", async () => {
    const m = await workerRatesFor(db, { branchIds: [w.cph], pairs: pairs() });
    const at = (u: number, s: number) => m.get(workerRateKey(u, s));
    expect(at(senior, w.hand)).toMatchObject({ source: "card-level", standard: 21000 });
    expect(at(junior, w.hand)).toMatchObject({ source: "card", standard: 17000 });
    expect(at(custom, w.hand)).toMatchObject({ source: "custom", standard: 26000 });
    expect(at(nobody, w.hand)).toMatchObject({ source: "card", standard: 17000 });
    expect(at(senior, w.rigger)).toMatchObject({
      source: "parent-card-level",
      skillId: w.stage,
      standard: 19000,
    });
    expect(m.has(workerRateKey(junior, w.rigger))).toBe(false);
  });

  it("on the job: the job's row for the worker, the worker's custom rate, then the job's row for the skill", async () => {
    const m = await workerRatesFor(db, { jobId, branchIds: [w.cph], pairs: pairs() });
    expect(m.get(workerRateKey(senior, w.hand))).toMatchObject({
      source: "job-user",
      standard: 30000,
    });
    expect(m.get(workerRateKey(junior, w.hand))).toMatchObject({ source: "job", standard: 28000 });
    // A personal agreement beats the skill's rows the job copied from the card.
    expect(m.get(workerRateKey(custom, w.hand))).toMatchObject({
      source: "custom",
      standard: 26000,
    });
  });

  it("takes the branches in the order given and nothing without a branch or job", async () => {
    const m = await workerRatesFor(db, {
      branchIds: [w.sto, w.cph],
      pairs: [{ userId: junior, skillId: w.hand }],
    });
    expect(m.get(workerRateKey(junior, w.hand))).toMatchObject({
      standard: 99999,
      currencyCode: "SEK",
    });
    expect((await workerRatesFor(db, { branchIds: [], pairs: pairs() })).size).toBe(0);
  });

  it("prices an open place (no worker) at the level-less row, else the entry level's, job before card", async () => {
    const open = [
      { userId: null, skillId: w.hand },
      { userId: null, skillId: w.rigger },
    ];
    const off = await workerRatesFor(db, { branchIds: [w.cph], pairs: open });
    expect(off.get(workerRateKey(null, w.hand))).toMatchObject({ source: "card", standard: 17000 });
    // Rigger has no rows: its parent Stage prices levels only, so the lowest level (Junior).
    expect(off.get(workerRateKey(null, w.rigger))).toMatchObject({
      source: "parent-card-level",
      skillId: w.stage,
      standard: 16000,
    });
    const onJob = await workerRatesFor(db, { jobId, branchIds: [w.cph], pairs: open });
    // The job's row for the skill; never the row the job keeps for one worker (30000).
    expect(onJob.get(workerRateKey(null, w.hand))).toMatchObject({
      source: "job",
      standard: 28000,
    });
    // A worker's key never answers for an open place, nor the other way round.
    expect(onJob.has(workerRateKey(senior, w.hand))).toBe(false);
  });

  it("answers any number of pairs in two queries", async () => {
    const counting = countingDb(handle);
    await workerRatesFor(counting.db, { jobId, branchIds: [w.cph], pairs: pairs() });
    expect(counting.statements()).toBe(2);
  });

  it("for several jobs at once answers each exactly as alone, still in two queries", async () => {
    const queries = [
      { jobId, branchIds: [w.cph], pairs: pairs() },
      { jobId: otherJob, branchIds: [w.cph], pairs: pairs() },
      { branchIds: [w.sto, w.cph], pairs: pairs() },
      { branchIds: [], pairs: pairs() },
    ];
    const counting = countingDb(handle);
    const batched = await workerRatesForJobs(counting.db, queries);
    expect(counting.statements()).toBe(2);
    for (const [i, q] of queries.entries())
      expect([...batched[i].entries()]).toEqual([...(await workerRatesFor(db, q)).entries()]);
    // The job's rows stay on that job; the Stockholm card answers only where Stockholm is asked.
    expect(batched[0].get(workerRateKey(senior, w.hand))?.standard).toBe(30000);
    expect(batched[1].get(workerRateKey(senior, w.hand))?.standard).toBe(21000);
    expect(batched[2].get(workerRateKey(junior, w.hand))?.standard).toBe(99999);
    expect(batched[3].size).toBe(0);
  });
});

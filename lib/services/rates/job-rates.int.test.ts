import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { createJob } from "../jobs/create";
import {
  ctxOf,
  formOf,
  formShift,
  handle,
  makeJob,
  payloadOf,
  setUpEditDatabase,
  shiftIn,
  w,
} from "../jobs/edit.test-support";
import { updateJob } from "../jobs/edit";
import { getJobClientRates, saveJobClientRates } from "./job-rates";
import { getJobWorkerRates, saveJobWorkerRates } from "./job-worker-rates";
import { clientRatesFor, workerRateKey, workerRatesFor } from "./lookup";

setUpEditDatabase();

let branch: number;
let junior: number;
let senior: number;
let walt: number;

const card = {
  standardPrice: 30000,
  weekendPrice: 40000,
  nightPrice: 45000,
  nightStart: "22:00",
  nightEnd: "06:00",
  rateWorker: 18000,
};

beforeAll(async () => {
  const db = handle.db;
  [{ id: branch }] = await db
    .insert(schema.branches)
    .values({ name: "Copenhagen (job rates)", countryId: w.countryId })
    .returning();
  await db
    .update(schema.companies)
    .set({ defaultBranchId: branch })
    .where(eq(schema.companies.id, w.companyA));
  [{ id: junior }, { id: senior }] = await db
    .insert(schema.levels)
    .values([
      { name: "Junior (job rates)", weight: 1 },
      { name: "Senior (job rates)", weight: 2 },
    ])
    .returning();
  // A card for Stagehand only: Runner (skill3) has no card at all.
  await db.insert(schema.clientRates).values({
    companyId: w.companyA,
    branchId: branch,
    skillId: w.skill,
    currencyCode: "DKK",
    ...card,
  });
  await db.insert(schema.workerRates).values([
    { skillId: w.skill, levelId: junior, branchId: branch, currencyCode: "DKK", amount: 15000 },
    { skillId: w.skill, levelId: senior, branchId: branch, currencyCode: "DKK", amount: 19000 },
  ]);
  walt = w.worker;
});

const jobClientRows = (jobId: number) =>
  handle.db.select().from(schema.clientRates).where(eq(schema.clientRates.jobId, jobId));
const jobWorkerRows = (jobId: number) =>
  handle.db.select().from(schema.workerRates).where(eq(schema.workerRates.jobId, jobId));
const lastLog = async (jobId: number) =>
  (
    await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "jobs"), eq(schema.activityLog.subjectId, jobId)),
      )
      .orderBy(desc(schema.activityLog.id))
      .limit(1)
  )[0];

/** Tuesday 1 December 2026, 18:00–02:00 in Copenhagen: 4 h standard, 4 h night. */
const evening = () =>
  shiftIn({
    start: "18:00",
    endHour: "02:00",
    slots: [
      { skill_id: w.skill, qty: 2 },
      { skill_id: w.skill3, qty: 1 },
    ],
  });

describe("copying the cards onto a job", () => {
  it("copies the client and worker card rows of each slot skill when the job is created", async () => {
    const job = await makeJob([evening()]);
    const client = await jobClientRows(job.id);
    expect(client).toHaveLength(1);
    expect(client[0]).toMatchObject({
      companyId: w.companyA,
      branchId: branch,
      skillId: w.skill,
      levelId: null,
      currencyCode: "DKK",
      ...card,
    });
    const worker = await jobWorkerRows(job.id);
    expect(worker.map((r) => [r.skillId, r.levelId, r.userId, r.amount]).sort()).toEqual(
      [
        [w.skill, junior, null, 15000],
        [w.skill, senior, null, 19000],
      ].sort(),
    );
    // Runner has no card: no job row, so the lookups find nothing for it.
    const found = await clientRatesFor(handle.db, {
      companyId: w.companyA,
      branchId: branch,
      jobId: job.id,
      skillIds: [w.skill3],
    });
    expect(found.size).toBe(0);
  });

  it("keeps an existing job's prices when the card changes later; a new job takes the new ones", async () => {
    const job = await makeJob([evening()]);
    await handle.db
      .update(schema.clientRates)
      .set({ standardPrice: 99900 })
      .where(and(isNull(schema.clientRates.jobId), eq(schema.clientRates.skillId, w.skill)));
    await handle.db
      .update(schema.workerRates)
      .set({ amount: 77700 })
      .where(and(isNull(schema.workerRates.jobId), eq(schema.workerRates.levelId, junior)));
    try {
      const view = await getJobClientRates(await ctxOf(w.pm), job.id);
      expect(view.rates[0]).toMatchObject({
        skill_id: w.skill,
        source: "job",
        standard_price: 30000,
      });
      const workers = await getJobWorkerRates(await ctxOf(w.pm), job.id);
      expect(workers.rates.find((r) => r.level_id === junior)).toMatchObject({
        source: "job",
        amount: 15000,
      });
      const fresh = await makeJob([evening()]);
      expect((await jobClientRows(fresh.id))[0].standardPrice).toBe(99900);
      expect((await jobWorkerRows(fresh.id)).find((r) => r.levelId === junior)?.amount).toBe(77700);
    } finally {
      await handle.db
        .update(schema.clientRates)
        .set({ standardPrice: card.standardPrice })
        .where(and(isNull(schema.clientRates.jobId), eq(schema.clientRates.skillId, w.skill)));
      await handle.db
        .update(schema.workerRates)
        .set({ amount: 15000 })
        .where(and(isNull(schema.workerRates.jobId), eq(schema.workerRates.levelId, junior)));
    }
  });

  it("copies a new skill's card when an edit adds its slot, and leaves the job's edited rows alone", async () => {
    const job = await makeJob([shiftIn()]);
    await saveJobClientRates(await ctxOf(w.pm), job.id, {
      rates: [{ skill_id: w.skill, standard_price: 31000 }],
    });
    const [riggerCard] = await handle.db
      .insert(schema.clientRates)
      .values({
        companyId: w.companyA,
        branchId: branch,
        skillId: w.skill2,
        currencyCode: "DKK",
        standardPrice: 35000,
      })
      .returning();
    try {
      const form = await formOf(job.id);
      const s = form.shifts[0];
      await updateJob(
        await ctxOf(w.pm),
        job.id,
        payloadOf(form, {
          shifts: [
            formShift(s, {
              shift_slots: [
                ...s.shift_slots.map((x) => ({
                  id: x.id,
                  skill_id: x.skill_id,
                  positions: x.positions,
                })),
                { skill_id: w.skill2, positions: 1 },
              ],
            }),
          ],
        }),
      );
      const rows = await jobClientRows(job.id);
      expect(rows.map((r) => [r.skillId, r.standardPrice]).sort()).toEqual(
        [
          [w.skill, 31000],
          [w.skill2, 35000],
        ].sort(),
      );
    } finally {
      await handle.db.delete(schema.clientRates).where(eq(schema.clientRates.id, riggerCard.id));
    }
  });

  it("copies in a fixed number of queries, batched, whatever the number of skills", async () => {
    const counter = countingDb(handle);
    const ctx = { ...(await ctxOf(w.pm)), db: counter.db };
    const counted = async (slots: { skill_id: number; qty: number }[]) => {
      counter.reset();
      await createJob(ctx, {
        name: "Counted",
        company_id: w.companyA,
        country_id: w.countryId,
        shifts: [shiftIn({ slots })],
      });
      return { all: counter.statements(), writes: counter.writes().length };
    };
    const one = await counted([{ skill_id: w.skill, qty: 1 }]);
    const three = await counted([
      { skill_id: w.skill, qty: 1 },
      { skill_id: w.skill2, qty: 1 },
      { skill_id: w.skill3, qty: 1 },
    ]);
    expect(three).toEqual(one);
    const jobs = await handle.db.select().from(schema.jobs).where(eq(schema.jobs.name, "Counted"));
    counter.reset();
    await getJobClientRates(ctx, jobs[0].id);
    const read = counter.statements();
    counter.reset();
    await getJobClientRates(ctx, jobs[1].id);
    expect(counter.statements()).toBe(read);
  });

  it("copies nothing for a job without a branch to price at", async () => {
    const job = await makeJob([shiftIn()], { company_id: w.companyB });
    expect(await jobClientRows(job.id)).toHaveLength(0);
    expect(await jobWorkerRows(job.id)).toHaveLength(0);
    const view = await getJobClientRates(await ctxOf(w.pm), job.id);
    expect(view.branch).toBeNull();
    expect(view.rates[0]).toMatchObject({ source: null, standard_price: null, example: null });
    const err = await appErrorOf(
      saveJobClientRates(await ctxOf(w.pm), job.id, {
        rates: [{ skill_id: w.skill, standard_price: 100 }],
      }),
    );
    expect([err.status, err.type]).toEqual([409, "no_pricing_branch"]);
  });
});

describe("GET jobs/{id}/client-rates and POST jobs/{jobId}/save-rates", () => {
  it("lists the job's skills in skill order with the rate that applies and a priced example", async () => {
    const job = await makeJob([evening()]);
    const view = await getJobClientRates(await ctxOf(w.admin), job.id);
    expect(view.job).toEqual({ id: job.id, name: "Edit me" });
    expect(view.branch).toEqual({ id: branch, name: "Copenhagen (job rates)" });
    expect(view.currency).toEqual({ code: "DKK", digits: 2 });
    expect(view.copied_at).toBe("2026-11-22T10:00:00+01:00");
    expect(view.rates.map((r) => [r.skill_name, r.source])).toEqual([
      ["Stagehand", "job"],
      ["Runner", null],
    ]);
    expect(view.rates[0]).toMatchObject({
      parent_skill_name: "Stage",
      standard_price: 30000,
      night_price: 45000,
      night_start: "22:00",
      night_end: "06:00",
      rate_worker: 18000,
    });
    expect(view.rates[0].example).toMatchObject({
      starts_at: "2026-12-01T18:00:00+01:00",
      ends_at: "2026-12-02T02:00:00+01:00",
      split: "4 h standard, 4 h night",
      // 4 h × 300.00 + 4 h × 450.00
      total: 300000,
    });
  });

  it("saves the job's card in one go, logs it on the job, and an empty row falls back to the card", async () => {
    const job = await makeJob([evening()]);
    const saved = await saveJobClientRates(await ctxOf(w.pm), job.id, {
      rates: [
        {
          skill_id: w.skill,
          standard_price: "32000",
          weekend_price: "",
          night_price: 50000,
          night_start: "23:00",
          night_end: "05:00",
          rate_worker: 20000,
        },
        { skill_id: w.skill3, standard_price: 25000 },
      ],
    });
    expect(saved.message).toBe("Record updated successfully");
    expect(
      saved.rates.map((r) => [r.skill_id, r.source, r.standard_price, r.weekend_price]),
    ).toEqual([
      [w.skill, "job", 32000, null],
      [w.skill3, "job", 25000, null],
    ]);
    expect(saved.rates[0].example?.split).toBe("5 h standard, 3 h night");
    const log = await lastLog(job.id);
    expect(log).toMatchObject({ logName: "jobs", causerId: w.pm });
    expect(log.description).toContain("Saved the client rates");
    // The card itself is untouched.
    const [cardRow] = await handle.db
      .select()
      .from(schema.clientRates)
      .where(and(isNull(schema.clientRates.jobId), eq(schema.clientRates.skillId, w.skill)));
    expect(cardRow.standardPrice).toBe(30000);

    const cleared = await saveJobClientRates(await ctxOf(w.pm), job.id, {
      rates: [{ skill_id: w.skill, standard_price: null }],
    });
    expect(cleared.rates[0]).toMatchObject({ source: "card", standard_price: 30000 });
    expect(cleared.rates[1]).toMatchObject({ source: "job", standard_price: 25000 });
  });

  it("answers 422 on the cell for bad prices, bands, levels, duplicates and skills not on the job", async () => {
    const job = await makeJob([evening()]);
    const pm = await ctxOf(w.pm);
    const cases: [unknown, string][] = [
      [[{ skill_id: w.skill, standard_price: -1 }], "rates.0.standard_price"],
      [[{ skill_id: w.skill, standard_price: 1, night_price: 2 }], "rates.0.night_start"],
      [[{ skill_id: w.skill, standard_price: 1, night_start: "22:00" }], "rates.0.night_end"],
      [[{ skill_id: w.skill, weekend_price: 5 }], "rates.0.standard_price"],
      [[{ skill_id: w.skill, level_id: junior, standard_price: 1 }], "rates.0.level_id"],
      [
        [
          { skill_id: w.skill, standard_price: 1 },
          { skill_id: w.skill, standard_price: 2 },
        ],
        "rates.1.skill_id",
      ],
      [[{ skill_id: w.skill2, standard_price: 1 }], "rates.0.skill_id"],
    ];
    for (const [rates, field] of cases) {
      const err = await appErrorOf(saveJobClientRates(pm, job.id, { rates }));
      expect(err.status, field).toBe(422);
      expect(Object.keys(err.errors ?? {}), field).toContain(field);
    }
    expect((await jobClientRows(job.id))[0].standardPrice).toBe(30000);
  });

  it("404s an unknown or archived job on read, 409s a save on an archived one", async () => {
    const pm = await ctxOf(w.pm);
    for (const id of [0, "abc", 99999999]) {
      expect((await appErrorOf(getJobClientRates(pm, id))).status).toBe(404);
      expect((await appErrorOf(getJobWorkerRates(pm, id))).status).toBe(404);
      expect((await appErrorOf(saveJobClientRates(pm, id, { rates: [] }))).status).toBe(404);
    }
    const job = await makeJob([evening()]);
    await handle.db
      .update(schema.jobs)
      .set({ deletedAt: new Date() })
      .where(eq(schema.jobs.id, job.id));
    expect((await appErrorOf(getJobClientRates(pm, job.id))).status).toBe(404);
    const err = await appErrorOf(
      saveJobClientRates(pm, job.id, { rates: [{ skill_id: w.skill, standard_price: 1 }] }),
    );
    expect([err.status, err.type]).toEqual([409, "job_archived"]);
    const err2 = await appErrorOf(
      saveJobWorkerRates(pm, job.id, { rates: [{ skill_id: w.skill, amount: 1 }] }),
    );
    expect(err2.status).toBe(409);
  });
});

describe("GET jobs/{id}/worker-rates and POST jobs/{id}/save-worker-rates", () => {
  it("lists skill × level rows and the booked workers, and saves job and per-worker pay", async () => {
    const job = await makeJob([evening()]);
    const slot = job.shifts[0].shift_slots.find((s) => s.skill.id === w.skill)!;
    await applyOn(handle.db, slot.id, walt, "Booked");
    const view = await getJobWorkerRates(await ctxOf(w.pm), job.id);
    expect(view.currency).toEqual({ code: "DKK", digits: 2 });
    expect(view.levels.map((l) => l.id)).toEqual(expect.arrayContaining([junior, senior]));
    const stagehand = view.rates.filter((r) => r.skill_id === w.skill);
    expect(stagehand[0]).toMatchObject({ level_id: null, source: null, own: false, amount: null });
    expect(stagehand.find((r) => r.level_id === senior)).toMatchObject({
      source: "job",
      own: true,
      amount: 19000,
    });
    expect(view.rates.filter((r) => r.skill_id === w.skill3).every((r) => r.source === null)).toBe(
      true,
    );
    // Walt holds no level in Stagehand and there is no any-level row: no rate applies yet.
    expect(view.workers).toEqual([
      expect.objectContaining({
        user_id: walt,
        user_name: "Walt Worker",
        skill_id: w.skill,
        own: false,
        source: null,
      }),
    ]);

    const saved = await saveJobWorkerRates(await ctxOf(w.admin), job.id, {
      rates: JSON.stringify([
        {
          skill_id: w.skill,
          level_id: null,
          amount: 16000,
          night_amount: 20000,
          night_start: "22:00",
          night_end: "06:00",
        },
        { skill_id: w.skill, level_id: senior, amount: 21000 },
        { skill_id: w.skill, user_id: walt, amount: 25000 },
      ]),
    });
    expect(saved.message).toBe("Record updated successfully");
    expect(saved.rates.find((r) => r.skill_id === w.skill && r.level_id === null)).toMatchObject({
      source: "job",
      amount: 16000,
      example: expect.objectContaining({ split: "4 h standard, 4 h night", total: 144000 }),
    });
    expect(saved.workers[0]).toMatchObject({
      user_id: walt,
      own: true,
      source: "job-user",
      amount: 25000,
    });
    const lookup = await workerRatesFor(handle.db, {
      jobId: job.id,
      branchIds: [branch],
      pairs: [{ userId: walt, skillId: w.skill }],
    });
    expect(lookup.get(workerRateKey(walt, w.skill))).toMatchObject({
      source: "job-user",
      standard: 25000,
    });
    expect((await lastLog(job.id)).description).toContain("Saved the worker rates");
    // The worker card is untouched.
    const cardRows = await handle.db
      .select()
      .from(schema.workerRates)
      .where(and(isNull(schema.workerRates.jobId), eq(schema.workerRates.levelId, senior)));
    expect(cardRows.map((r) => r.amount)).toEqual([19000]);

    const removed = await saveJobWorkerRates(await ctxOf(w.pm), job.id, {
      rates: [{ skill_id: w.skill, user_id: walt, amount: null }],
    });
    expect(removed.workers[0]).toMatchObject({ own: false, source: "job", amount: null });
  });

  it("answers 422 for a worker without a place on the job, a level with a worker, bad bands", async () => {
    const job = await makeJob([evening()]);
    const pm = await ctxOf(w.pm);
    const cases: [unknown, string][] = [
      [[{ skill_id: w.skill, user_id: w.crewHandler, amount: 100 }], "rates.0.user_id"],
      [[{ skill_id: w.skill, user_id: walt, level_id: junior, amount: 100 }], "rates.0.level_id"],
      [[{ skill_id: w.skill, amount: 100, night_amount: 5 }], "rates.0.night_start"],
      [[{ skill_id: w.skill2, amount: 100 }], "rates.0.skill_id"],
      [[{ skill_id: w.skill, level_id: 99999, amount: 100 }], "rates.0.level_id"],
    ];
    for (const [rates, field] of cases) {
      const err = await appErrorOf(saveJobWorkerRates(pm, job.id, { rates }));
      expect(err.status, field).toBe(422);
      expect(Object.keys(err.errors ?? {}), field).toContain(field);
    }
  });
});

describe("who may read and change a job's rates", () => {
  it("lets administrators and project managers in, and refuses crew handlers, client contacts and workers", async () => {
    const job = await makeJob([evening()]);
    for (const user of [w.admin, w.pm]) {
      const ctx = await ctxOf(user);
      expect((await getJobClientRates(ctx, job.id)).rates).toHaveLength(2);
      expect((await getJobWorkerRates(ctx, job.id)).rates.length).toBeGreaterThan(0);
    }
    // colEditorA may edit its company's jobs, yet never sees prices with worker pay in them.
    for (const user of [w.crewHandler, w.colA, w.colEditorA, w.worker]) {
      const ctx = await ctxOf(user);
      const calls = [
        getJobClientRates(ctx, job.id),
        getJobWorkerRates(ctx, job.id),
        saveJobClientRates(ctx, job.id, { rates: [{ skill_id: w.skill, standard_price: 1 }] }),
        saveJobWorkerRates(ctx, job.id, { rates: [{ skill_id: w.skill, amount: 1 }] }),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
    }
    expect((await jobClientRows(job.id))[0].standardPrice).toBe(30000);
  });
});

import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { applyOn } from "@/lib/testing/jobs-fixtures";
import { ctxOf, handle, makeJob, w } from "../jobs/edit.test-support";
import { getJobClientRates, saveJobClientRates } from "./job-rates";
import { getJobWorkerRates, saveJobWorkerRates } from "./job-worker-rates";
import { workerRateKey, workerRatesFor } from "./lookup";
import {
  branch,
  evening,
  jobClientRows,
  jobWorkerRows,
  junior,
  lastLog,
  senior,
  setUpJobRates,
  walt,
} from "./job-rates.test-support";

setUpJobRates();

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

describe("a job's client rates that lose money (issue 23)", () => {
  it("asks before saving a price below the worker pay, writes nothing, and saves with save_anyway", async () => {
    const job = await makeJob([evening()]);
    const before = await jobClientRows(job.id);
    const rates = [
      {
        skill_id: w.skill3,
        standard_price: 30000,
        weekend_price: 20000,
        rate_worker: 35000,
      },
    ];
    const pm = await ctxOf(w.pm);
    const err = await appErrorOf(saveJobClientRates(pm, job.id, { rates }));
    expect([err.status, err.type]).toEqual([410, "rate_loses_money"]);
    expect(err.message).toBe(
      "This rate loses money. Runner: The worker pay (350.00) is above the standard price (300.00) and the weekend and holiday price (200.00). The weekend and holiday price (200.00) is below the standard price (300.00). Save anyway?",
    );
    expect(await jobClientRows(job.id)).toEqual(before);
    await saveJobClientRates(pm, job.id, { rates, save_anyway: true });
    const runner = (await jobClientRows(job.id)).find((r) => r.skillId === w.skill3);
    expect(runner).toMatchObject({ standardPrice: 30000, weekendPrice: 20000, rateWorker: 35000 });
    // The copied Stagehand row, sent back unchanged with the saved loss, asks nothing.
    const again = await saveJobClientRates(pm, job.id, { rates });
    expect(again.message).toBe("Record updated successfully");
  });
});

describe("a job's worker pay above the client's price (issue 23)", () => {
  it("asks before saving, names the row and band, writes nothing, and saves with save_anyway", async () => {
    const job = await makeJob([evening()]);
    const before = await jobWorkerRows(job.id);
    const rates = [
      {
        skill_id: w.skill,
        level_id: senior,
        amount: 32000,
        night_amount: 50000,
        night_start: "22:00",
        night_end: "06:00",
      },
    ];
    const pm = await ctxOf(w.pm);
    const err = await appErrorOf(saveJobWorkerRates(pm, job.id, { rates }));
    expect([err.status, err.type]).toEqual([410, "rate_loses_money"]);
    expect(err.message).toBe(
      "This rate loses money. Stagehand · Senior (job rates): The standard pay (320.00) is above the client's standard price (300.00). The night pay (500.00) is above the client's night price (450.00). Save anyway?",
    );
    expect(await jobWorkerRows(job.id)).toEqual(before);

    await saveJobWorkerRates(pm, job.id, { rates, save_anyway: true });
    const row = (await jobWorkerRows(job.id)).find((r) => r.levelId === senior);
    expect(row).toMatchObject({ amount: 32000, nightAmount: 50000 });
    // Pay at or below the price asks nothing.
    const fine = await saveJobWorkerRates(pm, job.id, {
      rates: [{ skill_id: w.skill, level_id: junior, amount: 30000 }],
    });
    expect(fine.message).toBe("Record updated successfully");
  });
});

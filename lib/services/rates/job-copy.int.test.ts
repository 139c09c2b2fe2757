import { describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJob } from "../jobs/create";
import {
  ctxOf,
  formOf,
  formShift,
  handle,
  makeJob,
  payloadOf,
  shiftIn,
  w,
} from "../jobs/edit.test-support";
import { updateJob } from "../jobs/edit";
import { getJobClientRates, saveJobClientRates } from "./job-rates";
import { getJobWorkerRates } from "./job-worker-rates";
import { clientRatesFor } from "./lookup";
import {
  branch,
  card,
  evening,
  jobClientRows,
  jobWorkerRows,
  junior,
  senior,
  setUpJobRates,
} from "./job-rates.test-support";

setUpJobRates();

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

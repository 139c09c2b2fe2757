/** Shared setup of the job rate suites (job-copy and job-rates integration tests). */
import { beforeAll } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema } from "@/db";
import { handle, setUpEditDatabase, shiftIn, w } from "../jobs/edit.test-support";

export let branch: number;
export let junior: number;
export let senior: number;
export let walt: number;

export const card = {
  standardPrice: 30000,
  weekendPrice: 40000,
  nightPrice: 45000,
  nightStart: "22:00",
  nightEnd: "06:00",
  rateWorker: 18000,
};

/**
 * The job-rate suites' database: the edit world (jobs-fixtures) plus a Copenhagen branch as the
 * company's default, Junior and Senior levels, a client card for Stagehand only (Runner has none)
 * and Stagehand worker rates per level.
 */
export function setUpJobRates() {
  setUpEditDatabase();
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
}

export const jobClientRows = (jobId: number) =>
  handle.db.select().from(schema.clientRates).where(eq(schema.clientRates.jobId, jobId));
export const jobWorkerRows = (jobId: number) =>
  handle.db.select().from(schema.workerRates).where(eq(schema.workerRates.jobId, jobId));
export const lastLog = async (jobId: number) =>
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
export const evening = () =>
  shiftIn({
    start: "18:00",
    endHour: "02:00",
    slots: [
      { skill_id: w.skill, qty: 2 },
      { skill_id: w.skill3, qty: 1 },
    ],
  });

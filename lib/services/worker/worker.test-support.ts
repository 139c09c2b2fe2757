/** Shared setup and helpers of the worker integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { applyOn, type JobWorld } from "@/lib/testing/jobs-fixtures";

/**
 * Times are in March 2031, before summer time: Copenhagen is UTC+1, so 14:00Z shows as 15:00.
 * Each test makes its own worker with a skill of its own, so the jobs one test adds are never
 * open to another test's worker.
 */
export const now = new Date("2031-03-10T10:00:00.000Z");

export let handle: DbHandle;
export let db: Db;
export let k: Awaited<ReturnType<typeof workerKit>>;
export let w: JobWorld;

export const at = (h: number, base = now) => k.at(h, base);
export const newSkill = () => k.newSkill();
export const newWorker = (...a: Parameters<typeof k.newWorker>) => k.newWorker(...a);
export const oneShift = (...a: Parameters<typeof k.oneShift>) => k.oneShift(...a);
export const ctxOf = (userId: number, when = now) => k.ctxOf(userId, when);

export async function workerWithHistory() {
  const skill = await newSkill();
  const me = await newWorker([skill]);
  const colleague = await newWorker([skill]);
  const apps: Record<string, number> = {};
  const statuses: ApplicationStatus[] = [
    "Applied",
    "Reserve",
    "Requested",
    "Denied",
    "Request accepted",
    "Request denied",
    "Booked",
  ];
  for (const [i, status] of statuses.entries()) {
    const s = await oneShift(skill, 24 + i, { name: `Up ${status}` });
    apps[`up ${status}`] = await applyOn(db, s.slotId, me, status);
    await applyOn(db, s.slotId, colleague, status === "Booked" ? "Applied" : "Booked");
  }
  for (const [i, status] of (
    ["Report!", "Reported", "Approved", "Denied", "Applied"] as const
  ).entries()) {
    const s = await oneShift(skill, -100 + i, { name: `Past ${status}` });
    apps[`past ${status}`] = await applyOn(db, s.slotId, me, status);
    await applyOn(db, s.slotId, colleague, "Reported");
  }
  return { skill, me, colleague, apps };
}

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpWorkerDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    setDatabaseForTests(handle);
    k = await workerKit(db, now);
    ({ w } = k);
  });
  afterAll(async () => {
    await handle?.close();
  });
}

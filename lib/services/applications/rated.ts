import type { DbOrTx } from "@/db";
import { jobsPricing } from "../rates/job-pricing";
import { workerRateKey, workerRatesFor, type WorkerRate } from "../rates/lookup";

/** What the booking check needs of a slot: its job and its skill. */
export interface RatedSlot {
  jobId: number;
  skillId: number;
}

/** Whether a worker has a worker rate for a slot's skill on the slot's job. */
export type HasRate = (workerId: number, slot: RatedSlot) => boolean;

/**
 * The worker rates of some workers for some slots, as the booking check (410 `missing_rates`)
 * reads them: the job's pricing (jobs-pricing.ts decides its branches) and then the lookup's
 * precedence (job row → custom → card by level → card, then the parent skill). Three queries for
 * the pricing and three per job of the slots (a booking call has one job, book-all one slot),
 * whatever the number of workers.
 */
export async function workerRatesOfSlots(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<Map<string, WorkerRate>> {
  const out = new Map<string, WorkerRate>();
  if (!workerIds.length || !slots.length) return out;
  const pricing = await jobsPricing(
    db,
    slots.map((s) => s.jobId),
  );
  for (const [jobId, p] of pricing) {
    const skillIds = [...new Set(slots.filter((s) => s.jobId === jobId).map((s) => s.skillId))];
    const rates = await workerRatesFor(db, {
      jobId,
      branchIds: p.branchIds,
      pairs: workerIds.flatMap((userId) => skillIds.map((skillId) => ({ userId, skillId }))),
    });
    for (const [key, rate] of rates) out.set(`${jobId}:${key}`, rate);
  }
  return out;
}

export const rateOfSlot = (
  rates: Map<string, WorkerRate>,
  workerId: number,
  slot: RatedSlot,
): WorkerRate | undefined => rates.get(`${slot.jobId}:${workerRateKey(workerId, slot.skillId)}`);

/** The check in one function, for `assertCanFill` (see fill.ts). */
export async function hasRateFor(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<HasRate> {
  const rates = await workerRatesOfSlots(db, workerIds, slots);
  return (workerId, slot) => rateOfSlot(rates, workerId, slot) !== undefined;
}

/** The 410's question (spec §8: Book and Cancel; a move asks "Move anyway?", a request "Request anyway?"). */
export const missingRateMessage = (
  workerName: string,
  skillName: string,
  anyway: "Book" | "Move" | "Request" = "Book",
) => `There is no worker rate for ${workerName} as ${skillName} on this job. ${anyway} anyway?`;

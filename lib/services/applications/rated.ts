import type { DbOrTx } from "@/db";
import type { WorkerRate } from "../rates/lookup";
import { workerRatesOnJobs } from "../rates/worker-pay";

/** What the booking check needs of a slot: its job and its skill. */
export interface RatedSlot {
  jobId: number;
  skillId: number;
}

/** Whether a worker has a worker rate for a slot's skill on the slot's job. */
export type HasRate = (workerId: number, slot: RatedSlot) => boolean;

/** The worker rate of one worker on one slot, as the lookup answered it. */
export type RateOfSlot = (workerId: number, slot: RatedSlot) => WorkerRate | undefined;

/**
 * The worker rates of some workers for some slots, as the booking check (410 `missing_rates`)
 * reads them: the one lookup of worker pay (`workerRatesOnJobs`: the job's branches, then the
 * lookup's precedence), the same the worker's estimates and unpaid earnings use. A fixed number
 * of queries whatever the number of workers, slots and jobs.
 */
export async function workerRatesOfSlots(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<RateOfSlot> {
  if (!workerIds.length || !slots.length) return () => undefined;
  const { rateOf } = await workerRatesOnJobs(
    db,
    workerIds.flatMap((userId) =>
      slots.map((s) => ({ userId, jobId: s.jobId, skillId: s.skillId })),
    ),
  );
  return (workerId, slot) => rateOf({ userId: workerId, jobId: slot.jobId, skillId: slot.skillId });
}

/** The check in one function, for `assertCanFill` (see fill.ts). */
export async function hasRateFor(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<HasRate> {
  const rateOf = await workerRatesOfSlots(db, workerIds, slots);
  return (workerId, slot) => rateOf(workerId, slot) !== undefined;
}

/** The 410's question (spec §8: Book and Cancel; a move asks "Move anyway?", a request "Request anyway?"). */
export const missingRateMessage = (
  workerName: string,
  skillName: string,
  anyway: "Book" | "Move" | "Request" | "Apply" = "Book",
) => `There is no worker rate for ${workerName} as ${skillName} on this job. ${anyway} anyway?`;

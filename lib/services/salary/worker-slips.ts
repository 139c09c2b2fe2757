import type { Ctx } from "../context";
import { parseId } from "../params";
import { canReadPaySlips, readPaySlips, type PaySlipItem } from "./pay-slips";

export { canReadPaySlips };

/** The newest slips a profile shows: two years of monthly slips. */
export const WORKER_SLIPS_LIMIT = 24;

/** A worker's pay slip as its profile lists it (the one row of readPaySlips). */
export type WorkerPaySlip = PaySlipItem;

/**
 * GET users/{id}/pay-slips: a worker's pay slips, newest period first (the last
 * WORKER_SLIPS_LIMIT), each with its totals per currency, paid date and download link. The
 * worker its own; salary_access any live user (else 404), as the salary overview and the slip
 * download allow. Everyone else 403, whatever the id. At most two queries.
 */
export async function workerPaySlips(
  ctx: Ctx,
  rawUserId: unknown,
  /** The dashboard's card wants the latest only. */
  limit = WORKER_SLIPS_LIMIT,
): Promise<{ user_id: number; items: WorkerPaySlip[] }> {
  const id = parseId(rawUserId, "User");
  const { items } = await readPaySlips(ctx, {
    userId: id,
    subject: true,
    order: "worker",
    limit: Math.min(Math.max(1, limit), WORKER_SLIPS_LIMIT),
  });
  return { user_id: id, items };
}

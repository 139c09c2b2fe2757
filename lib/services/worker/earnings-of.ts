import type { DbOrTx } from "@/db";
import { formatMoney } from "@/lib/domain/money";
import { describeSplit, type Band } from "@/lib/domain/pricing";
import type { KnownSkills } from "../rates/lookup";
import { priceWorkerTime } from "../rates/worker-pay";

/** What one position on a slot would pay the worker, before applying. */
export interface EarningsEstimate {
  /** Minor units of `currency_code`, rounded once, half-up. */
  amount: number;
  currency_code: string;
  minutes: Record<Band, number>;
  /** "6 h standard, 2 h night". */
  split: string;
  /** "Est. 1,240.00 DKK · 6 h standard, 2 h night". */
  label: string;
}

/** Either an estimate, or null with the reason (no rate is not an error). */
export interface SlotEarnings {
  estimate: EarningsEstimate | null;
  reason: string | null;
}

export const NO_PAY_RATE = "No pay rate is set for this skill yet; ask the agency.";

/**
 * The worker's estimated pay on each slot: what one position from the shift's start to its end
 * pays at the worker's rate for the slot's skill on that job (`priceWorkerTime`, the one lookup
 * of worker pay that the payment tab's unpaid earnings use too). Batched: a fixed number of
 * queries whatever the number of slots and jobs. Keyed by the slot id. `known`: the worker's
 * skills as the caller read them (its list reads them first), so they are not read twice.
 */
export async function earningsOfSlots(
  db: DbOrTx,
  userId: number,
  slots: { slotId: number; jobId: number; skillId: number; startsAt: Date; endsAt: Date }[],
  known?: KnownSkills,
): Promise<Map<number, SlotEarnings>> {
  const out = new Map<number, SlotEarnings>();
  if (!slots.length) return out;
  const priced = await priceWorkerTime(
    db,
    slots.map((s) => ({
      userId,
      jobId: s.jobId,
      skillId: s.skillId,
      start: s.startsAt,
      end: s.endsAt,
    })),
    known,
  );
  slots.forEach((s, i) => {
    const p = priced[i];
    if (p.rate === null) {
      out.set(s.slotId, { estimate: null, reason: NO_PAY_RATE });
      return;
    }
    const split = describeSplit(p.minutes);
    out.set(s.slotId, {
      estimate: {
        amount: p.amount,
        currency_code: p.currencyCode,
        minutes: p.minutes,
        split,
        label: `Est. ${formatMoney(p.amount, p.currencyCode)} · ${split}`,
      },
      reason: null,
    });
  });
  return out;
}

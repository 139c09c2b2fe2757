import type { DbOrTx } from "@/db";
import { formatMoney } from "@/lib/domain/money";
import {
  costOf,
  describeSplit,
  nightWindowOf,
  splitMinutes,
  type Band,
} from "@/lib/domain/pricing";
import { toMinorUnits } from "@/lib/domain/pricing";
import { jobCalendars } from "../holidays/calendar";
import { jobsPricing } from "../rates/job-pricing";
import { workerRateKey, workerRatesForJobs } from "../rates/lookup";

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
 * The worker's estimated pay on each slot: its worker rate for the slot's skill on that job
 * (`workerRatesFor` precedence, the job's branches from `jobsPricing`), split in the job's time
 * zone with the rate's night window and the job's holiday calendar. Batched: a fixed number
 * of queries whatever the number of slots and jobs. Keyed by the slot id.
 */
export async function earningsOfSlots(
  db: DbOrTx,
  userId: number,
  slots: { slotId: number; jobId: number; skillId: number; startsAt: Date; endsAt: Date }[],
): Promise<Map<number, SlotEarnings>> {
  const out = new Map<number, SlotEarnings>();
  if (!slots.length) return out;
  const jobIds = [...new Set(slots.map((s) => s.jobId))];
  const pricing = await jobsPricing(db, jobIds);
  const rates = await workerRatesForJobs(
    db,
    jobIds.map((jobId) => ({
      jobId,
      branchIds: pricing.get(jobId)?.branchIds ?? [],
      pairs: slots.filter((s) => s.jobId === jobId).map((s) => ({ userId, skillId: s.skillId })),
    })),
  );
  const byJob = new Map(jobIds.map((jobId, i) => [jobId, rates[i]]));
  const calendars = await jobCalendars(db, pricing.values());
  for (const s of slots) {
    const p = pricing.get(s.jobId);
    const rate = byJob.get(s.jobId)?.get(workerRateKey(userId, s.skillId));
    if (!p || !rate) {
      out.set(s.slotId, { estimate: null, reason: NO_PAY_RATE });
      continue;
    }
    const minutes = splitMinutes({
      start: s.startsAt,
      end: s.endsAt,
      timeZone: p.timeZone,
      isHoliday: calendars.get(s.jobId)!,
      ...nightWindowOf(rate),
    });
    const amount = toMinorUnits(costOf(minutes, rate));
    const split = describeSplit(minutes);
    out.set(s.slotId, {
      estimate: {
        amount,
        currency_code: rate.currencyCode,
        minutes,
        split,
        label: `Est. ${formatMoney(amount, rate.currencyCode)} · ${split}`,
      },
      reason: null,
    });
  }
  return out;
}

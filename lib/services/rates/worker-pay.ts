import { sideBySide, type DbOrTx } from "@/db";
import { costOf, toMinorUnits, type Band } from "@/lib/domain/pricing";
import { bandMinutes } from "@/lib/domain/salary";
import { jobCalendars } from "../holidays/calendar";
import { jobsPricing, type JobPricing } from "./job-pricing";
import { workerRateKey, workerRatesForJobs, type KnownSkills, type WorkerRate } from "./lookup";

/**
 * What a worker is paid, decided once (issue 23): the worker's rate for a skill on a job, and
 * what a stretch of time at that rate comes to. The booking check (missing_rates), the
 * dashboard's estimates, the unpaid earnings of the payment tab and salary runs all ask here,
 * so a worker never sees one figure on one screen and "no rate" on another.
 *
 * The rate follows `workerRatesFor` (lookup.ts): the job's row for the worker, the worker's
 * custom rate, the job's row for the skill, the card by skill × the worker's level × branch,
 * the card's any-level row, then the same for the parent skill; the branches are the job's
 * (`jobsPricing`: the pricing branch first). Batched over any number of rows, workers and jobs:
 * a fixed number of queries (no N+1).
 */

/** One worker (null: an open place) on one skill of one job. */
export interface WorkOnJob {
  userId: number | null;
  jobId: number;
  skillId: number;
}

export interface WorkerRatesOnJobs {
  pricing: Map<number, JobPricing>;
  /** The rate, or undefined when none applies (or the job is unknown). */
  rateOf: (w: WorkOnJob) => WorkerRate | undefined;
}

/** The one lookup of worker rates, for any mix of workers, jobs and skills. */
export async function workerRatesOnJobs(
  db: DbOrTx,
  work: readonly WorkOnJob[],
): Promise<WorkerRatesOnJobs> {
  const jobIds = [...new Set(work.map((w) => w.jobId))];
  if (!jobIds.length) return { pricing: new Map(), rateOf: () => undefined };
  return ratesOnPricedJobs(db, work, await jobsPricing(db, jobIds));
}

/** `workerRatesOnJobs` once the jobs' pricing is known. */
export async function ratesOnPricedJobs(
  db: DbOrTx,
  work: readonly WorkOnJob[],
  pricing: Map<number, JobPricing>,
  skills?: KnownSkills,
): Promise<WorkerRatesOnJobs> {
  const jobIds = [...new Set(work.map((w) => w.jobId))];
  const known = jobIds.filter((id) => pricing.has(id));
  // Each job's distinct (worker, skill) pairs, in the order met: one pass over the work.
  const pairsOf = new Map<number, Map<string, { userId: number | null; skillId: number }>>();
  for (const w of work) {
    if (!pricing.has(w.jobId)) continue;
    let pairs = pairsOf.get(w.jobId);
    if (!pairs) pairsOf.set(w.jobId, (pairs = new Map()));
    const key = workerRateKey(w.userId, w.skillId);
    if (!pairs.has(key)) pairs.set(key, { userId: w.userId, skillId: w.skillId });
  }
  const answers = await workerRatesForJobs(
    db,
    known.map((jobId) => ({
      jobId,
      branchIds: pricing.get(jobId)!.branchIds,
      pairs: [...(pairsOf.get(jobId)?.values() ?? [])],
    })),
    skills,
  );
  const byJob = new Map(known.map((jobId, i) => [jobId, answers[i]]));
  return {
    pricing,
    rateOf: (w) => byJob.get(w.jobId)?.get(workerRateKey(w.userId, w.skillId)),
  };
}

/** A stretch of work to price: [start, end) of one worker on one skill of one job. */
export interface WorkTime extends WorkOnJob {
  start: Date;
  end: Date;
}

/** What a stretch of work pays. */
export type PricedWork =
  | {
      rate: WorkerRate;
      currencyCode: string;
      /** The worked minutes by band, in the job's zone and calendar, at the rate's night window. */
      minutes: Record<Band, number>;
      /** Exact "minor-unit minutes" (add many, round once with `toMinorUnits`). */
      exact: number;
      /** This stretch alone, rounded half-up to minor units. */
      amount: number;
    }
  | {
      rate: null;
      currencyCode: null;
      minutes: Record<Band, number>;
      exact: null;
      amount: null;
    };

const MINUTE = 60_000;
const plainMinutes = (start: Date, end: Date): Record<Band, number> => ({
  standard: Math.max(0, Math.floor(end.getTime() / MINUTE) - Math.floor(start.getTime() / MINUTE)),
  weekend: 0,
  night: 0,
});

/**
 * Prices each stretch with the worker's rate on its job (`workerRatesOnJobs`), split into
 * standard, weekend (and public holiday) and night minutes in the job's time zone. One answer
 * per stretch, in order; a stretch without a rate is still counted (its minutes, all standard)
 * with `rate: null`. Never sums across currencies: that is the caller's choice, per currency.
 * `skills`: the workers' skills as the caller already read them (`KnownSkills`).
 */
export async function priceWorkerTime(
  db: DbOrTx,
  items: readonly WorkTime[],
  skills?: KnownSkills,
): Promise<PricedWork[]> {
  if (!items.length) return [];
  const pricing = await jobsPricing(db, [...new Set(items.map((w) => w.jobId))]);
  // The rates and the holiday calendars both follow from the pricing: read side by side.
  const [{ rateOf }, calendars] = await sideBySide(
    db,
    () => ratesOnPricedJobs(db, items, pricing, skills),
    () => jobCalendars(db, pricing.values()),
  );
  return items.map((w): PricedWork => {
    const p = pricing.get(w.jobId);
    const rate = p ? rateOf(w) : undefined;
    if (!p || !rate)
      return {
        rate: null,
        currencyCode: null,
        minutes: plainMinutes(w.start, w.end),
        exact: null,
        amount: null,
      };
    // The same split as a salary line's (lib/domain/salary.ts), so the two always agree.
    const minutes = bandMinutes(
      { start: w.start, end: w.end, timeZone: p.timeZone, isHoliday: calendars.get(w.jobId)! },
      rate,
    );
    const exact = costOf(minutes, rate);
    return { rate, currencyCode: rate.currencyCode, minutes, exact, amount: toMinorUnits(exact) };
  });
}

import { inArray } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { jobsPricing, type JobPricing } from "../rates/job-pricing";
import { bookingRates } from "../rates/booking-rates";
import { clientRatesFor, type ClientRate, type WorkerRate } from "../rates/lookup";
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
  return (await ratesOfSlots(db, workerIds, slots)).rateOf;
}

/** workerRatesOfSlots, with the jobs' pricing the lookup read (empty when nothing was looked up). */
async function ratesOfSlots(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<{ rateOf: RateOfSlot; pricing: Map<number, JobPricing> }> {
  if (!workerIds.length || !slots.length) return { rateOf: () => undefined, pricing: new Map() };
  const { rateOf, pricing } = await workerRatesOnJobs(
    db,
    workerIds.flatMap((userId) =>
      slots.map((s) => ({ userId, jobId: s.jobId, skillId: s.skillId })),
    ),
  );
  return {
    rateOf: (workerId, slot) =>
      rateOf({ userId: workerId, jobId: slot.jobId, skillId: slot.skillId }),
    pricing,
  };
}

/** The check in one function, for `assertCanFill` (see fill.ts). */
export async function hasRateFor(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<HasRate> {
  const { rateOf } = await ratesOfSlots(db, workerIds, slots);
  return (workerId, slot) => rateOf(workerId, slot) !== undefined;
}

/** What a booking's rate and price questions read, in one statement (`bookingRates`). */
export interface RatesAndPrices {
  hasRate: HasRate;
  pricing: Map<number, JobPricing>;
  /** Each job's client prices of the slots' skills (job id → skill id → price). */
  prices: Map<number, Map<number, ClientRate>>;
}

/**
 * hasRateFor, with the slots' jobs' pricing and client prices read in the same statement:
 * `clientPriceGaps` takes them, so a booking asks about both with one read (issue 27:
 * statements per booking). The same lookups decide (`bookingRates`).
 */
export async function hasRateAndPricing(
  db: DbOrTx,
  workerIds: number[],
  slots: RatedSlot[],
): Promise<RatesAndPrices> {
  const work = workerIds.flatMap((userId) =>
    slots.map((s) => ({ userId, jobId: s.jobId, skillId: s.skillId })),
  );
  const { rateOf, pricing, clientPrices } = await bookingRates(db, work);
  return {
    hasRate: (workerId, slot) =>
      rateOf({ userId: workerId, jobId: slot.jobId, skillId: slot.skillId }) !== undefined,
    pricing,
    prices: clientPrices,
  };
}

/** The 410's question (spec §8: Book and Cancel; a move asks "Move anyway?", a request "Request anyway?"). */
export const missingRateMessage = (
  workerName: string,
  skillName: string,
  anyway: "Book" | "Move" | "Request" | "Apply" = "Book",
  /** More the same answer overrides (" Nordlys has no client price …"), before the question. */
  more = "",
) =>
  `There is no worker rate for ${workerName} as ${skillName} on this job.${more} ${anyway} anyway?`;

/** A slot's skill the client pays nothing for on the slot's job. */
export interface ClientPriceGap {
  job_id: number;
  skill_id: number;
  skill_name: string;
  company_id: number;
  company_name: string;
  /** The pricing branch whose rate card lacks the skill; null: the job has no branch to price it. */
  branch_id: number | null;
  branch_name: string | null;
}

/**
 * The slots' skills with no client price on their job, by the lookup the projection prices
 * revenue with (the job's own row, the card at the job's pricing branch, then the parent
 * skill's): booking onto one of them puts worker pay on the job with nothing billed for it.
 * Two queries for the names and the pricing, two per job of the slots.
 */
export async function clientPriceGaps(
  db: DbOrTx,
  slots: (RatedSlot & { skillName: string })[],
  /** The slots' jobs' pricing and prices when the caller has read them (`hasRateAndPricing`). */
  known?: Pick<RatesAndPrices, "pricing" | "prices">,
): Promise<ClientPriceGap[]> {
  if (!slots.length) return [];
  const jobIds = [...new Set(slots.map((s) => s.jobId))];
  const read = known && jobIds.every((id) => known.pricing.has(id)) ? known : undefined;
  const pricing = read?.pricing ?? (await jobsPricing(db, jobIds));
  const gaps: ClientPriceGap[] = [];
  for (const [jobId, p] of pricing) {
    const own = slots.filter((s) => s.jobId === jobId);
    const prices =
      read?.prices.get(jobId) ??
      (await clientRatesFor(db, {
        companyId: p.companyId,
        branchId: p.branchId,
        jobId,
        skillIds: own.map((s) => s.skillId),
      }));
    for (const s of own)
      if (
        !prices.has(s.skillId) &&
        !gaps.some((g) => g.job_id === jobId && g.skill_id === s.skillId)
      )
        gaps.push({
          job_id: jobId,
          skill_id: s.skillId,
          skill_name: s.skillName,
          company_id: p.companyId,
          company_name: "",
          branch_id: p.branchId,
          branch_name: null,
        });
  }
  if (!gaps.length) return gaps;
  const [companies, branches] = await sideBySide(
    db,
    () =>
      db
        .select({ id: schema.companies.id, name: schema.companies.name })
        .from(schema.companies)
        .where(inArray(schema.companies.id, [...new Set(gaps.map((g) => g.company_id))])),
    () =>
      db
        .select({ id: schema.branches.id, name: schema.branches.name })
        .from(schema.branches)
        .where(
          inArray(schema.branches.id, [
            0,
            ...new Set(gaps.flatMap((g) => (g.branch_id === null ? [] : [g.branch_id]))),
          ]),
        ),
  );
  for (const g of gaps) {
    g.company_name = companies.find((c) => c.id === g.company_id)?.name ?? "The client";
    g.branch_name = branches.find((b) => b.id === g.branch_id)?.name ?? null;
  }
  return gaps;
}

/** The words of a skill without a client price at a branch, on a job (booking) or a quote. */
export const noClientPriceText = (
  company: string,
  skill: string,
  branch: string,
  on = "this job",
) =>
  `${company} has no client price for ${skill} at ${branch}, so its hours on ${on} are billed at nothing.`;

/** Why a gap matters, in words: "Nordlys has no client price for Rigger at Copenhagen: …". */
export const missingClientPriceText = (g: ClientPriceGap) =>
  g.branch_name
    ? noClientPriceText(g.company_name, g.skill_name, g.branch_name)
    : `${g.company_name} has no client price for ${g.skill_name} on this job (the job has no branch to price it), so its hours are billed at nothing.`;

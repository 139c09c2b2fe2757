import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";

/**
 * What prices a job: the branch whose rate cards apply, the branches whose worker rates may
 * apply, the currency, and the time zone and country whose calendar (weekends, public
 * holidays) bands its hours. Decided once here for the job's rate tabs, the booking check,
 * estimates and the projection.
 *
 * The pricing branch is the company's default branch when it is live; otherwise the first of
 * the job's book_from_branches (lowest id). A job with neither has no pricing branch and so no
 * rates. Amounts are in the pricing branch's country currency (the currency of the cards),
 * else the job's country currency.
 */
export interface JobPricing {
  jobId: number;
  companyId: number;
  branchId: number | null;
  /** The pricing branch first, then the job's other book_from_branches by id. */
  branchIds: number[];
  currencyCode: string;
  timeZone: string;
  /** ISO 3166 code of the job's country (its holidays when it has no pricing branch). */
  countryIso: string;
}

/**
 * The one rule for the pricing branch: the company's default branch when it is live, else the
 * lowest of the job's book_from_branches, else none. Also used for a job still in its form
 * (estimates), where the branches are the ones ticked.
 */
export function choosePricingBranch(
  liveDefaultBranchId: number | null,
  jobBranchIds: readonly number[],
): number | null {
  return liveDefaultBranchId ?? [...jobBranchIds].sort((a, b) => a - b)[0] ?? null;
}

/** The company's default branch if it is live (archived branches price nothing new). */
export async function liveDefaultBranch(db: DbOrTx, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: schema.branches.id })
    .from(schema.companies)
    .innerJoin(
      schema.branches,
      and(
        eq(schema.branches.id, schema.companies.defaultBranchId),
        isNull(schema.branches.deletedAt),
      ),
    )
    .where(eq(schema.companies.id, companyId));
  return row?.id ?? null;
}

/** The pricing of several jobs in three queries; unknown ids are absent. */
export async function jobsPricing(db: DbOrTx, jobIds: number[]): Promise<Map<number, JobPricing>> {
  const ids = [...new Set(jobIds)];
  const out = new Map<number, JobPricing>();
  if (!ids.length) return out;
  const j = schema.jobs;
  const defaultBranch = schema.branches;
  const jobCountry = schema.countries;
  const [jobs, jobBranches] = await Promise.all([
    db
      .select({
        id: j.id,
        companyId: j.companyId,
        timeZone: jobCountry.timeZone,
        countryIso: jobCountry.isoCode,
        countryCurrency: jobCountry.currencyCode,
        defaultBranchId: defaultBranch.id,
      })
      .from(j)
      .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
      .innerJoin(jobCountry, eq(jobCountry.id, j.countryId))
      .leftJoin(
        defaultBranch,
        and(
          eq(defaultBranch.id, schema.companies.defaultBranchId),
          isNull(defaultBranch.deletedAt),
        ),
      )
      .where(inArray(j.id, ids)),
    db
      .select({ jobId: schema.jobBranches.jobId, branchId: schema.jobBranches.branchId })
      .from(schema.jobBranches)
      .where(inArray(schema.jobBranches.jobId, ids))
      .orderBy(asc(schema.jobBranches.branchId)),
  ]);
  const chosen = new Map<number, number | null>();
  for (const job of jobs) {
    const own = jobBranches.filter((b) => b.jobId === job.id).map((b) => b.branchId);
    const branchId = choosePricingBranch(job.defaultBranchId, own);
    chosen.set(job.id, branchId);
    out.set(job.id, {
      jobId: job.id,
      companyId: job.companyId,
      branchId,
      branchIds: branchId === null ? [] : [branchId, ...own.filter((b) => b !== branchId)],
      currencyCode: job.countryCurrency.trim(),
      timeZone: job.timeZone,
      countryIso: job.countryIso.trim(),
    });
  }
  const branchIds = [...new Set([...chosen.values()].filter((b): b is number => b !== null))];
  if (branchIds.length) {
    const currencies = await db
      .select({ id: schema.branches.id, currencyCode: schema.countries.currencyCode })
      .from(schema.branches)
      .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
      .where(inArray(schema.branches.id, branchIds));
    const byBranch = new Map(currencies.map((c) => [c.id, c.currencyCode.trim()]));
    for (const pricing of out.values()) {
      const code = pricing.branchId === null ? undefined : byBranch.get(pricing.branchId);
      if (code) pricing.currencyCode = code;
    }
  }
  return out;
}

export async function jobPricing(db: DbOrTx, jobId: number): Promise<JobPricing | null> {
  return (await jobsPricing(db, [jobId])).get(jobId) ?? null;
}

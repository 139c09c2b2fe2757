import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx, sideBySide } from "@/db";

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

/**
 * The pricing of several jobs in two queries at once; unknown ids are absent. Each candidate
 * branch (the default one, the job's own) comes with its country's currency, so the pricing
 * branch's currency needs no third round trip.
 */
export async function jobsPricing(db: DbOrTx, jobIds: number[]): Promise<Map<number, JobPricing>> {
  const ids = [...new Set(jobIds)];
  const out = new Map<number, JobPricing>();
  if (!ids.length) return out;
  const j = schema.jobs;
  const defaultBranch = schema.branches;
  const jobCountry = schema.countries;
  const defaultCountry = alias(schema.countries, "default_branch_country");
  const ownBranch = alias(schema.branches, "own_branch");
  const ownCountry = alias(schema.countries, "own_branch_country");
  const [jobs, jobBranches] = await sideBySide(
    db,
    () =>
      db
        .select({
          id: j.id,
          companyId: j.companyId,
          timeZone: jobCountry.timeZone,
          countryIso: jobCountry.isoCode,
          countryCurrency: jobCountry.currencyCode,
          defaultBranchId: defaultBranch.id,
          defaultBranchCurrency: defaultCountry.currencyCode,
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
        .leftJoin(defaultCountry, eq(defaultCountry.id, defaultBranch.countryId))
        .where(inArray(j.id, ids)),
    () =>
      db
        .select({
          jobId: schema.jobBranches.jobId,
          branchId: schema.jobBranches.branchId,
          currencyCode: ownCountry.currencyCode,
        })
        .from(schema.jobBranches)
        .leftJoin(ownBranch, eq(ownBranch.id, schema.jobBranches.branchId))
        .leftJoin(ownCountry, eq(ownCountry.id, ownBranch.countryId))
        .where(inArray(schema.jobBranches.jobId, ids))
        .orderBy(asc(schema.jobBranches.branchId)),
  );
  for (const job of jobs) {
    const ownRows = jobBranches.filter((b) => b.jobId === job.id);
    const own = ownRows.map((b) => b.branchId);
    const branchId = choosePricingBranch(job.defaultBranchId, own);
    // The pricing branch's country currency, else the job's country currency.
    const branchCurrency =
      branchId === null
        ? null
        : branchId === job.defaultBranchId
          ? job.defaultBranchCurrency
          : (ownRows.find((b) => b.branchId === branchId)?.currencyCode ?? null);
    out.set(job.id, {
      jobId: job.id,
      companyId: job.companyId,
      branchId,
      branchIds: branchId === null ? [] : [branchId, ...own.filter((b) => b !== branchId)],
      currencyCode: (branchCurrency ?? job.countryCurrency).trim(),
      timeZone: job.timeZone,
      countryIso: job.countryIso.trim(),
    });
  }
  return out;
}

export async function jobPricing(db: DbOrTx, jobId: number): Promise<JobPricing | null> {
  return (await jobsPricing(db, [jobId])).get(jobId) ?? null;
}

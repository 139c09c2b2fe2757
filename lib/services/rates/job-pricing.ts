import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";

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

const defaultCountry = alias(schema.countries, "default_branch_country");

/**
 * The jobs with their country, their company's live default branch and its currency, and the
 * job's own book_from_branches (by id, each with its country's currency) in one statement: the
 * booking check reads it on every booking, so it is precompiled (db/precompiled.ts).
 */
const pricingRows = precompiled<{ ids: number[] }, ReturnType<typeof pricingQuery>>(
  "rates_jobs_pricing",
  (db) => pricingQuery(db),
);
/** The pricing statement, for a statement that reads it with more (`bookingRates`). */
export function pricingQuery(db: DbOrTx) {
  const j = schema.jobs;
  return db
    .select({
      id: j.id,
      companyId: j.companyId,
      timeZone: schema.countries.timeZone,
      countryIso: schema.countries.isoCode,
      countryCurrency: schema.countries.currencyCode,
      defaultBranchId: schema.branches.id,
      defaultBranchCurrency: defaultCountry.currencyCode,
      own: sql<{ branchId: number; currencyCode: string | null }[]>`coalesce((
        select json_agg(json_build_object('branchId', jb.branch_id, 'currencyCode', c.currency_code)
                        order by jb.branch_id)
        from job_branches jb
        left join branches b on b.id = jb.branch_id
        left join countries c on c.id = b.country_id
        where jb.job_id = ${j.id}), '[]'::json)`,
    })
    .from(j)
    .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .leftJoin(
      schema.branches,
      and(
        eq(schema.branches.id, schema.companies.defaultBranchId),
        isNull(schema.branches.deletedAt),
      ),
    )
    .leftJoin(defaultCountry, eq(defaultCountry.id, schema.branches.countryId))
    .where(anyOf(j.id, "ids"));
}

/**
 * The pricing of several jobs in one query; unknown ids are absent. Each candidate branch (the
 * default one, the job's own) comes with its country's currency, so the pricing branch's
 * currency needs no second round trip.
 */
export async function jobsPricing(db: DbOrTx, jobIds: number[]): Promise<Map<number, JobPricing>> {
  const ids = [...new Set(jobIds)];
  if (!ids.length) return new Map();
  return pricingOfRows(await pricingRows(db, { ids }));
}

export type PricingRow = Awaited<ReturnType<typeof pricingQuery>>[number];

/** The jobs' pricing from the rows of `pricingQuery`. */
export function pricingOfRows(rows: PricingRow[]): Map<number, JobPricing> {
  const out = new Map<number, JobPricing>();
  for (const job of rows) {
    const own = job.own.map((b) => b.branchId);
    const branchId = choosePricingBranch(job.defaultBranchId, own);
    // The pricing branch's country currency, else the job's country currency.
    const branchCurrency =
      branchId === null
        ? null
        : branchId === job.defaultBranchId
          ? job.defaultBranchCurrency
          : (job.own.find((b) => b.branchId === branchId)?.currencyCode ?? null);
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

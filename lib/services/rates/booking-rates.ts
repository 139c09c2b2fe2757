import { and, getTableColumns, isNull, or, sql, type Table } from "drizzle-orm";
import { anyOf, precompiledSql, schema, type DbOrTx } from "@/db";
import { clientRateRowsOf, clientRatesOfRows, type ClientRate } from "./client-lookup";
import { pricingOfRows, pricingQuery, type JobPricing, type PricingRow } from "./job-pricing";
import { skillOrParent } from "./lookup-base";
import { workerRateRowsOf } from "./worker-lookup";
import { ratesOnPricedJobs, type WorkerRatesOnJobs, type WorkOnJob } from "./worker-pay";

/**
 * The rate and price questions of a booking (410 `missing_rates`, `missing_client_price`) read in
 * one statement (issue 27: bookings per second; they were four statements): the jobs'
 * pricing, the workers' levels, the worker rate rows and the client rate rows, each a JSON array.
 * The statement cannot wait for the pricing branch to be chosen, so it reads the cards of every
 * branch that may price a job (the company's live default branch and the job's own branches);
 * the lookups then choose among the rows as they always do (`workerRatesForJobs`,
 * `clientRatesOfRows`, the pricing branch by `choosePricingBranch`).
 */
export interface BookingRates {
  pricing: Map<number, JobPricing>;
  rateOf: WorkerRatesOnJobs["rateOf"];
  /** Each job's client prices of the asked skills (job id → skill id → price). */
  clientPrices: Map<number, Map<number, ClientRate>>;
}

export async function bookingRates(db: DbOrTx, work: readonly WorkOnJob[]): Promise<BookingRates> {
  const jobIds = [...new Set(work.map((w) => w.jobId))];
  const skillIds = [...new Set(work.map((w) => w.skillId))];
  const userIds = [...new Set(work.flatMap((w) => (w.userId === null ? [] : [w.userId])))];
  if (!jobIds.length)
    return { pricing: new Map(), rateOf: () => undefined, clientPrices: new Map() };
  const [row] = await bookingRatesRow(db, { ids: jobIds, jobIds, skillIds, userIds });
  const facts = JSON.parse(row.facts) as {
    pricing: PricingRow[];
    parents: Record<string, number | null>;
    levels: { userId: number; skillId: number; levelId: number | null }[];
    workerRates: Record<string, unknown>[];
    clientRates: Record<string, unknown>[];
  };
  const pricing = pricingOfRows(facts.pricing);
  const parents = new Map(Object.entries(facts.parents).map(([k, v]) => [Number(k), v]));
  const { rateOf } = await ratesOnPricedJobs(db, work, pricing, {
    parents,
    levels: facts.levels,
    rows: facts.workerRates.map((r) => rowOf(schema.workerRates, r)),
  });
  const clientRows = facts.clientRates.map((r) => rowOf(schema.clientRates, r));
  const clientPrices = new Map<number, Map<number, ClientRate>>();
  for (const [jobId, p] of pricing) {
    // clientRatesFor's rows: the job's own, and the card of the company at the pricing branch.
    const rows = clientRows.filter(
      (r) =>
        r.jobId === jobId ||
        (r.jobId === null && r.companyId === p.companyId && r.branchId === p.branchId),
    );
    const asked = [...new Set(work.filter((w) => w.jobId === jobId).map((w) => w.skillId))];
    clientPrices.set(jobId, clientRatesOfRows(rows, parents, asked));
  }
  return { pricing, rateOf, clientPrices };
}

const bookingRatesRow = precompiledSql<
  { ids: number[]; jobIds: number[]; skillIds: number[]; userIds: number[] },
  { facts: string }
>("rates_booking_facts", (db) => {
  const wr = schema.workerRates;
  const cr = schema.clientRates;
  const us = schema.userSkills;
  // `= any(array(…))`, not `in (select …)`: a generic plan then finds the cards by their branch
  // index instead of reading every card row (checked on the scale database). The companies'
  // and branches' pairs are matched exactly afterwards (`bookingRates`).
  const pricedBranches = sql`array(select branch_id from priced)`;
  // The CTE's columns named as pricingQuery selects them, in its order.
  return sql`with pricing (id, company_id, time_zone, country_iso, country_currency,
      default_branch_id, default_branch_currency, own) as (${pricingQuery(db).getSQL()}),
    priced as (
      select company_id, default_branch_id as branch_id from pricing
      where default_branch_id is not null
      union
      select p.company_id, jb.branch_id from pricing p
      join ${schema.jobBranches} jb on jb.job_id = p.id)
    select json_build_object(
      'pricing', (select coalesce(json_agg(json_build_object('id', id, 'companyId', company_id,
          'timeZone', time_zone, 'countryIso', country_iso, 'countryCurrency', country_currency,
          'defaultBranchId', default_branch_id, 'defaultBranchCurrency', default_branch_currency,
          'own', own)), '[]') from pricing),
      'parents', (select coalesce(json_object_agg(${schema.skills.id}, ${schema.skills.parentId}), '{}')
          from ${schema.skills} where ${anyOf(schema.skills.id, "skillIds")}),
      'levels', (select coalesce(json_agg(json_build_object('userId', ${us.userId},
          'skillId', ${us.skillId}, 'levelId', ${us.levelId})), '[]')
          from ${us} where ${and(anyOf(us.userId, "userIds"), skillOrParent(us.skillId))}),
      'workerRates', (select coalesce(json_agg(${jsonOf(wr)}), '[]') from ${wr}
          where ${workerRateRowsOf(sql`${wr.branchId} = any(${pricedBranches})`)}),
      'clientRates', (select coalesce(json_agg(${jsonOf(cr)}), '[]') from ${cr}
          where ${clientRateRowsOf(
            or(
              anyOf(cr.jobId, "jobIds"),
              and(
                isNull(cr.jobId),
                sql`${cr.companyId} = any(array(select company_id from priced))`,
                sql`${cr.branchId} = any(${pricedBranches})`,
              ),
            )!,
          )})
    )::text as facts`;
});

/** A table's row as a JSON object keyed as Drizzle keys its columns (`rowOf` reads it back). */
const jsonOf = (table: Table) =>
  sql`json_build_object(${sql.join(
    Object.entries(getTableColumns(table)).map(
      ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
    ),
    sql`, `,
  )})`;

/** A table's row from `jsonOf`'s object, each value as the driver would have mapped it. */
function rowOf<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[key];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T["$inferSelect"];
}

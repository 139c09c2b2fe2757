import { and, eq, isNotNull, sql } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { costOf, nightWindowOf, splitMinutes } from "@/lib/domain/pricing";
import { jobCalendars } from "../holidays/calendar";
import { clientRateIn } from "../jobs/projection-stages";
import { jobsPricing } from "../rates/job-pricing";
import { clientRatesForJobs } from "../rates/lookup";
import type { StatisticsFilter } from "./filter";
import {
  filledPlace,
  inRange,
  jobFilter,
  labelOf,
  localDate,
  notRolledUp,
  rolledUpTotals,
} from "./sql";

/**
 * What the client pays for approved hours, priced exactly as the job's projection prices its
 * "approved" stage (jobs/projection.ts): the job's pricing (`jobsPricing`: branch, currency,
 * zone), its calendar (`jobCalendars`), the client rate of the skill in the job's currency
 * (`clientRatesForJobs`, the precedence of `clientRatesFor`, and `clientRateIn`), split into
 * bands by `splitMinutes` and priced by `costOf`. A missing rate counts 0, as in the projection.
 *
 * Pricing runs in JavaScript (the engine splits each report into minute bands, which SQL cannot
 * do with the holiday calendars), about half a millisecond a report: too slow for a year of a
 * big agency on every statistics call (issue 27). So each approved report stores its price once
 * known (stored-prices.ts) and statistics add the stored prices in SQL, pricing live only the
 * reports whose price is missing or stale.
 *
 * Each price is exact "minor-unit minutes": callers add them per group and round once
 * (`toMinorUnits`), like the projection, so one job's month agrees with its projection.
 */
export interface PricedHours {
  label: string;
  companyId: number;
  companyName: string;
  currency: string;
  /** Minor units × minutes (divide by 60, rounding once per group: toMinorUnits). */
  exact: number;
}

/** A report to price: its times, its slot's skill and its job. */
export interface ReportToPrice {
  startsAt: Date;
  endsAt: Date;
  skillId: number;
  jobId: number;
}

export interface ClientPrice {
  currency: string;
  exact: number;
}

/**
 * The client price of each report (same order; null for a job that no longer exists). Five
 * queries whatever the number of reports: the jobs' pricing (two), their calendars (one), the
 * client rates (two).
 */
export async function priceReports(
  db: DbOrTx,
  reports: ReportToPrice[],
): Promise<(ClientPrice | null)[]> {
  if (!reports.length) return [];
  const skillsOf = new Map<number, Set<number>>();
  for (const r of reports)
    skillsOf.set(r.jobId, (skillsOf.get(r.jobId) ?? new Set()).add(r.skillId));
  const pricings = await jobsPricing(db, [...skillsOf.keys()]);
  // Approving prices inside its transaction: side by side only off one.
  const [calendars, rates] = await sideBySide(
    db,
    () => jobCalendars(db, pricings.values()),
    () =>
      clientRatesForJobs(
        db,
        [...pricings.values()].map((p) => ({
          jobId: p.jobId,
          companyId: p.companyId,
          branchId: p.branchId,
          skillIds: [...(skillsOf.get(p.jobId) ?? [])],
        })),
      ),
  );
  return reports.map((r) => {
    const pricing = pricings.get(r.jobId);
    if (!pricing) return null;
    const rate = clientRateIn(rates.get(r.jobId) ?? new Map(), r.skillId, pricing.currencyCode);
    const exact = rate
      ? costOf(
          splitMinutes({
            start: r.startsAt,
            end: r.endsAt,
            timeZone: pricing.timeZone,
            isHoliday: calendars.get(r.jobId)!,
            ...nightWindowOf(rate),
          }),
          rate,
        )
      : 0;
    return { currency: pricing.currencyCode, exact };
  });
}

const rh = schema.reportedHours;

/**
 * What `priceReports` needs of a report, selected in a query grouped so that a report priced
 * live is a group of its own (its id in the group key): the aggregates read its one row. Shared
 * by the money statistics (approvedRevenue) and the roll-up's sweep (job-days.ts), which price
 * the same reports the same way.
 */
export const reportToPriceOfGroup = {
  startsAt: sql<Date>`min(${rh.startsAt})`.mapWith((v: Date | string) => new Date(v)),
  endsAt: sql<Date>`min(${rh.endsAt})`.mapWith((v: Date | string) => new Date(v)),
  skillId: sql<number>`min(${schema.shiftSlots.skillId})`.mapWith(Number),
};

/**
 * Whether a report's stored price is current: stamped with today's shared pricing version and
 * its job's version (the triggers of migration 0023 move them with every pricing input).
 * Written with the tables' SQL names: the expression is repeated in the select list and must
 * read the same in GROUP BY.
 */
export const storedPriceIsCurrent = sql`coalesce(${rh.clientPrice} is not null and ${rh.clientPriceVersion} = (select ${schema.pricingVersions.version} from ${schema.pricingVersions}) and ${rh.clientPriceJobVersion} = ${schema.jobs.pricingVersion}, false)`;

/**
 * The client price of the approved hours of a period: the same rows as the projection's
 * "approved" stage (filled places on live shifts and slots, reported hours with approved_at
 * set), one entry per label, client and currency for the reports with a current stored price
 * (summed in SQL) and one per report priced live for the others; a job rolled up (job-days.ts)
 * adds its days' totals instead of its reports. One statement when every price is stored or
 * rolled up — one snapshot, so a report counts once even while the sweeps run —, five more
 * when some are not. `by`: what the caller adds up — per label (then the totals' entries have
 * company 0 and no name) or per client over the range (then their label is "").
 */
export async function approvedRevenue(
  db: DbOrTx,
  f: StatisticsFilter,
  by: "label" | "client",
): Promise<PricedHours[]> {
  const a = schema.applications;
  const sl = schema.shiftSlots;
  const sh = schema.shifts;
  const j = schema.jobs;
  const current = storedPriceIsCurrent;
  const reports = db
    .select({
      label: labelOf(localDate(sh.startsAt), f.grain),
      companyId: j.companyId,
      companyName: schema.companies.name,
      /** Null for the groups of stored prices and totals; the report otherwise (priced live). */
      liveId: sql<number | null>`case when ${current} then null else ${rh.id} end`,
      currency: sql<string | null>`case when ${current} then ${rh.clientPriceCurrency} end`,
      stored:
        sql<number>`coalesce(sum(case when ${current} then ${rh.clientPrice} end), 0)`.mapWith(
          Number,
        ),
      ...reportToPriceOfGroup,
      jobId: sql<number>`min(${sh.jobId})`.mapWith(Number),
    })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
    .where(
      and(
        isNotNull(rh.approvedAt),
        filledPlace(),
        notRolledUp(sh.jobId),
        jobFilter(f),
        inRange(sh.startsAt, f),
      ),
    )
    .groupBy(sql.raw("1, 2, 3, 4, 5"));
  // The jobs rolled up (job-days.ts): their days' totals, in the same statement (one snapshot).
  // The jobs rolled up (job-days.ts): their totals, in the same statement (one snapshot), added
  // up only as far as the caller needs: a whole year per client is hundreds of rows a month.
  const days = rolledUpTotals(db, f, by);
  const perLabel = by === "label";
  // Added up before the clients' names are joined: a year of every client is ~5,600 month rows
  // for ~500 clients at full scale, so the join and the grouping by name ran per row.
  const sums = db
    .select({
      label: (perLabel ? labelOf(days.day, f.grain) : sql<string>`''`).as("label"),
      companyId: (perLabel ? sql<number>`0` : sql<number>`${days.companyId}`).as("company_id"),
      currency: sql<string | null>`${days.currency}`.as("currency"),
      stored: sql<string>`sum(${days.approvedPrice})`.as("stored"),
    })
    .from(days)
    .where(isNotNull(days.currency))
    .groupBy(sql.raw("1, 2, 3"))
    .having(sql`sum(${days.days}) > 0`)
    .as("sums");
  const totals = db
    .select({
      label: sql<string>`${sums.label}`,
      companyId: sql<number>`${sums.companyId}`,
      companyName: perLabel ? sql<string>`''` : schema.companies.name,
      liveId: sql<number | null>`null::int`,
      currency: sql<string | null>`${sums.currency}`,
      stored: sql<number>`${sums.stored}`.mapWith(Number),
      startsAt: sql<Date>`null::timestamptz`.mapWith((v: Date | string) => new Date(v)),
      endsAt: sql<Date>`null::timestamptz`.mapWith((v: Date | string) => new Date(v)),
      skillId: sql<number>`null::int`.mapWith(Number),
      jobId: sql<number>`null::int`.mapWith(Number),
    })
    .from(sums)
    .$dynamic();
  if (!perLabel) totals.innerJoin(schema.companies, eq(schema.companies.id, sums.companyId));
  const rows = await reports.unionAll(totals);

  const live = rows.filter((r) => r.liveId !== null);
  const prices = await priceReports(db, live);
  const out: PricedHours[] = rows
    .filter((r) => r.liveId === null)
    .map((r) => ({
      label: r.label,
      companyId: r.companyId,
      companyName: r.companyName,
      currency: r.currency!.trim(),
      exact: r.stored,
    }));
  live.forEach((r, i) => {
    const price = prices[i];
    if (price)
      out.push({
        label: r.label,
        companyId: r.companyId,
        companyName: r.companyName,
        currency: price.currency,
        exact: price.exact,
      });
  });
  return out;
}

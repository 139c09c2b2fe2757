import { and, eq, isNotNull, or } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";
import { holidayCalendar, type HolidayCheck } from "@/lib/domain/holidays";
import type { JobPricing } from "../rates/job-pricing";

/**
 * Which calendar prices work (issue 21): the pricing branch's — its country's public holidays,
 * its holiday region's (branches.holiday_region) and the agency's extra days of that country
 * (agency_holidays). The rate card that prices the work is the branch's, in its country's
 * currency, so its calendar is the branch's too; a job without a pricing branch (nothing of a
 * card prices it) keeps its own country's public holidays and extra days.
 *
 * Each function reads the database once per pricing call (one query for every branch, country
 * and extra day involved), never per shift; the dates themselves are memoized in
 * lib/domain/holidays.ts.
 */

export type { HolidayCheck };
/** A job's pricing with its calendar, for what prices synchronously (the rate tabs' examples). */
export type PricedJob = JobPricing & { isHoliday: HolidayCheck };

interface Calendars {
  byBranch: Map<number, HolidayCheck>;
  byCountry: Map<string, HolidayCheck>;
}

// Every estimate and booking prices with a calendar: its one read is precompiled.
const calendarRows = precompiled<
  { branchIds: number[]; isoCodes: string[] },
  ReturnType<typeof calendarQuery>
>("holidays_calendars", (db) => calendarQuery(db));
function calendarQuery(db: DbOrTx) {
  const c = schema.countries;
  const b = schema.branches;
  return db
    .select({
      iso: c.isoCode,
      branchId: b.id,
      region: b.holidayRegion,
      rule: schema.agencyHolidays.rule,
    })
    .from(c)
    .leftJoin(b, and(eq(b.countryId, c.id), anyOf(b.id, "branchIds")))
    .leftJoin(schema.agencyHolidays, eq(schema.agencyHolidays.countryId, c.id))
    .where(or(anyOf(c.isoCode, "isoCodes"), isNotNull(b.id)));
}

/**
 * The calendars of branches (by id) and of countries without a region (by ISO code), in one
 * query: the countries involved, each with the asked branches it holds and its extra days.
 */
async function calendarsOf(
  db: DbOrTx,
  branchIds: number[],
  isoCodes: string[],
): Promise<Calendars> {
  const rows =
    branchIds.length || isoCodes.length
      ? await calendarRows(db, {
          branchIds: [...new Set(branchIds)],
          isoCodes: [...new Set(isoCodes)],
        })
      : [];
  const rules = new Map<string, Set<string>>();
  const regions = new Map<number, { iso: string; region: string | null }>();
  for (const r of rows) {
    const iso = r.iso.trim();
    const set = rules.get(iso) ?? new Set<string>();
    if (r.rule) set.add(r.rule);
    rules.set(iso, set);
    if (r.branchId !== null) regions.set(r.branchId, { iso, region: r.region });
  }
  const of = (iso: string, region: string | null) =>
    holidayCalendar({ country: iso, region, rules: [...(rules.get(iso) ?? [])] });
  return {
    byBranch: new Map([...regions].map(([id, r]) => [id, of(r.iso, r.region)])),
    byCountry: new Map([...rules.keys()].map((iso) => [iso, of(iso, null)])),
  };
}

const never: HolidayCheck = () => false;

/** The calendar of a branch (an estimate's): never a holiday for an unknown branch. */
export async function branchCalendar(db: DbOrTx, branchId: number): Promise<HolidayCheck> {
  return (await calendarsOf(db, [branchId], [])).byBranch.get(branchId) ?? never;
}

/** The calendar of each job, by job id (a worker's earnings over many jobs). */
export async function jobCalendars(
  db: DbOrTx,
  pricings: Iterable<JobPricing>,
): Promise<Map<number, HolidayCheck>> {
  const all = [...pricings];
  const { byBranch, byCountry } = await calendarsOf(
    db,
    all.flatMap((p) => (p.branchId === null ? [] : [p.branchId])),
    all.flatMap((p) => (p.branchId === null ? [p.countryIso] : [])),
  );
  return new Map(
    all.map((p) => [
      p.jobId,
      (p.branchId === null ? byCountry.get(p.countryIso) : byBranch.get(p.branchId)) ?? never,
    ]),
  );
}

/** The calendar of one job (the projection's). */
export async function jobCalendar(db: DbOrTx, pricing: JobPricing): Promise<HolidayCheck> {
  return (await jobCalendars(db, [pricing])).get(pricing.jobId)!;
}

/** A job's pricing with its calendar; null stays null (an unknown job). */
export async function withCalendar(
  db: DbOrTx,
  pricing: JobPricing | null,
): Promise<PricedJob | null> {
  return pricing && { ...pricing, isHoliday: await jobCalendar(db, pricing) };
}

import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { costOf, nightWindowOf, splitMinutes } from "@/lib/domain/pricing";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { jobCalendars } from "../holidays/calendar";
import { clientRateIn } from "../jobs/projection-stages";
import { jobsPricing } from "../rates/job-pricing";
import { clientRatesForJobs } from "../rates/lookup";
import type { StatisticsFilter } from "./filter";
import { inRange, jobFilter, labelOf, localDate } from "./sql";

/**
 * What the client pays for the approved hours of a period, priced exactly as the job's
 * projection prices its "approved" stage (jobs/projection.ts): the same rows (filled places on
 * live shifts and slots, reported hours with approved_at set), the job's pricing
 * (`jobsPricing`: branch, currency, zone), its calendar (`jobCalendars`), the client rate of the
 * skill in the job's currency (`clientRatesForJobs`, the precedence of `clientRatesFor`, and
 * `clientRateIn`), split into bands by `splitMinutes` and priced by `costOf`. A missing rate
 * counts 0, as in the projection.
 *
 * Five queries whatever the period: the approved hours, the jobs' pricing (two), their
 * calendars (one), the client rates (two). The pricing itself runs in JavaScript over the
 * approved hours of the range only (the engine splits each report into minute bands, which SQL
 * cannot do with the holiday calendars).
 *
 * Each row keeps its exact "minor-unit minutes": callers add them per group and round once
 * (`toMinorUnits`), like the projection, so one job's month agrees with its projection.
 */
export interface PricedHours {
  label: string;
  jobId: number;
  companyId: number;
  companyName: string;
  currency: string;
  /** Minor units × minutes (divide by 60, rounding once per group: toMinorUnits). */
  exact: number;
}

export async function approvedRevenue(db: DbOrTx, f: StatisticsFilter): Promise<PricedHours[]> {
  const rh = schema.reportedHours;
  const a = schema.applications;
  const sl = schema.shiftSlots;
  const sh = schema.shifts;
  const j = schema.jobs;
  const rows = await db
    .select({
      startsAt: rh.startsAt,
      endsAt: rh.endsAt,
      skillId: sl.skillId,
      jobId: sh.jobId,
      companyId: j.companyId,
      companyName: schema.companies.name,
      label: labelOf(localDate(sh.startsAt), f.grain),
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
        isNull(sh.deletedAt),
        isNull(sl.deletedAt),
        inArray(a.status, [...FILLED_STATUSES]),
        jobFilter(f),
        inRange(sh.startsAt, f),
      ),
    );
  if (!rows.length) return [];

  const skillsOf = new Map<number, Set<number>>();
  for (const r of rows) skillsOf.set(r.jobId, (skillsOf.get(r.jobId) ?? new Set()).add(r.skillId));
  const pricings = await jobsPricing(
    db,
    rows.map((r) => r.jobId),
  );
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

  const out: PricedHours[] = [];
  for (const r of rows) {
    const pricing = pricings.get(r.jobId);
    if (!pricing) continue;
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
    out.push({
      label: r.label,
      jobId: r.jobId,
      companyId: r.companyId,
      companyName: r.companyName,
      currency: pricing.currencyCode,
      exact,
    });
  }
  return out;
}

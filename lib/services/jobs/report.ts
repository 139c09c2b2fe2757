import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import type { AdditionalCostView } from "./additional-costs";
import {
  bandPrices,
  jobReportFileName,
  lineAmount,
  totalsByCurrency,
} from "@/lib/domain/job-report";
import { formatDate, formatTimeRange } from "@/lib/domain/format";
import { minorUnitsOf } from "@/lib/domain/money";
import { ROLE } from "@/lib/domain/permissions";
import { nightWindowOf, splitMinutes, type Band } from "@/lib/domain/pricing";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { requirePermission, requireUser, type Ctx } from "../context";
import { ForbiddenError, MissingRatesError, NotFoundError } from "../errors";
import { jobCalendar } from "../holidays/calendar";
import { jobPricing } from "../rates/job-pricing";
import { clientRatesFor } from "../rates/lookup";
import { readAdditionalCosts } from "./additional-costs";
import { mayDownloadJobReport } from "./projection-figures";
import { clientRateIn } from "./projection-stages";
import { loadJobInScope } from "./scope";

/**
 * GET jobs/{id}/report (issue 24, spec §7 Jobs, §8): the job's approved hours for the client,
 * per shift and worker, priced at the job's client rates by the pricing engine — the same
 * lookup (`clientRatesFor`, the job's own row first, then the company × branch card) and the
 * same split (the job's zone and holidays, the client rate's night window) as the projection's
 * revenue — then the job's additional costs and the totals per currency. The workbook itself is
 * written by report-xlsx.ts; this decides who may have it and what is in it.
 */

export const JOB_REPORT_MESSAGES = {
  noReports: "No reports for requested job",
} as const;

export interface JobReportLine {
  /** DD/MM/YYYY of the shift's start, in the job's zone. */
  date: string;
  worker: string;
  skill: string;
  /** "22:00–04:00 (+1 day)". */
  planned: string;
  approved: string;
  /** Worked minutes per band (the client rate's bands). */
  minutes: Record<Band, number>;
  /** Hourly client price per band, minor units. */
  prices: Record<Band, number>;
  /** Minor units of the job's currency. */
  amount: number;
}

export interface JobReport {
  filename: string;
  job: { id: number; name: string; company: string; invoice_reference: string | null };
  currency: string;
  digits: number;
  time_zone: string;
  lines: JobReportLine[];
  costs: AdditionalCostView[];
  /** Crew amounts and costs summed per currency, never across. */
  totals: { currency: string; digits: number; minutes: number; amount: number }[];
}

/**
 * Who may have a job's report: office users who may read its projection (its revenue is what
 * the report shows), and a client contact for its own company's jobs (the report holds no
 * worker pay). A worker is told the job does not exist for it (404); another office user 403.
 */
async function loadJobForReport(ctx: Ctx, jobIdRaw: unknown) {
  const actor = requireUser(ctx);
  if (!actor.isClient) {
    if (actor.roles.every((r) => r.title === ROLE.worker))
      throw new NotFoundError("Job not found.");
    requirePermission(ctx, "can_view_job_projection");
  }
  if (!mayDownloadJobReport(actor)) throw new ForbiddenError();
  return loadJobInScope(ctx, jobIdRaw);
}

const sh = schema.shifts;
const sl = schema.shiftSlots;
const rh = schema.reportedHours;
const app = schema.applications;

/** The approved hours of the job's live places, in shift order then by worker. One query. */
function approvedRows(ctx: Ctx, jobId: number) {
  return ctx.db
    .select({
      shiftStart: sh.startsAt,
      shiftEnd: sh.endsAt,
      skillId: sl.skillId,
      skillName: schema.skills.name,
      worker: schema.users.name,
      start: rh.startsAt,
      end: rh.endsAt,
    })
    .from(rh)
    .innerJoin(app, eq(app.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, app.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(schema.skills, eq(schema.skills.id, sl.skillId))
    .innerJoin(schema.users, eq(schema.users.id, app.assigneeId))
    .where(
      and(
        eq(sh.jobId, jobId),
        isNull(sh.deletedAt),
        isNull(sl.deletedAt),
        isNotNull(rh.approvedAt),
        inArray(app.status, [...FILLED_STATUSES]),
      ),
    )
    .orderBy(asc(sh.startsAt), asc(sh.id), asc(schema.users.name), asc(app.id));
}

/** The report of a job, or 404 ERR.NO_REPORTS_FOR_JOB / 410 MissingRates. Reads only. */
export async function jobReport(ctx: Ctx, jobIdRaw: unknown): Promise<JobReport> {
  const job = await loadJobForReport(ctx, jobIdRaw);
  const [pricing, rows, [company]] = await sideBySide(
    ctx.db,
    () => jobPricing(ctx.db, job.id),
    () => approvedRows(ctx, job.id),
    () =>
      ctx.db
        .select({ name: schema.companies.name })
        .from(schema.companies)
        .where(eq(schema.companies.id, job.companyId)),
  );
  if (!rows.length || !pricing)
    throw new NotFoundError(JOB_REPORT_MESSAGES.noReports, "ERR.NO_REPORTS_FOR_JOB");
  const currency = pricing.currencyCode;
  const zone = pricing.timeZone;
  const skillNames = new Map(rows.map((r) => [r.skillId, r.skillName]));
  const [clientRates, isHoliday, costs] = await sideBySide(
    ctx.db,
    () =>
      clientRatesFor(ctx.db, {
        companyId: job.companyId,
        branchId: pricing.branchId,
        jobId: job.id,
        skillIds: [...skillNames.keys()],
      }),
    () => jobCalendar(ctx.db, pricing),
    () => readAdditionalCosts(ctx, { id: job.id, currency, timeZone: zone }),
  );
  const missing = [...skillNames]
    .filter(([id]) => !clientRateIn(clientRates, id, currency))
    .map(([id, name]) => ({ id, name }));
  if (missing.length) {
    const names = missing.map((s) => s.name).join(", ");
    const err = new MissingRatesError(
      `No client rate in ${currency} for ${names}. Add ${missing.length === 1 ? "it" : "them"} to the client's rate card to download the report.`,
      missing,
    );
    err.details = { company_id: job.companyId, branch_id: pricing.branchId };
    throw err;
  }

  const lines: JobReportLine[] = rows.map((r) => {
    const rate = clientRateIn(clientRates, r.skillId, currency)!;
    const minutes = splitMinutes({
      start: r.start,
      end: r.end,
      timeZone: zone,
      isHoliday,
      ...nightWindowOf(rate),
    });
    return {
      date: formatDate(r.shiftStart, zone),
      worker: r.worker,
      skill: r.skillName,
      planned: formatTimeRange(r.shiftStart, r.shiftEnd, zone),
      approved: formatTimeRange(r.start, r.end, zone),
      minutes,
      prices: bandPrices(rate),
      amount: lineAmount(minutes, rate),
    };
  });
  const minutesOf = (m: Record<Band, number>) => m.standard + m.weekend + m.night;
  const crewMinutes = lines.reduce((s, l) => s + minutesOf(l.minutes), 0);
  const totals = totalsByCurrency([
    ...lines.map((l) => ({ currency, amount: l.amount })),
    ...costs.items.map((c) => ({ currency: c.currency, amount: c.total })),
  ]).map((t) => ({
    ...t,
    digits: minorUnitsOf(t.currency),
    minutes: t.currency === currency ? crewMinutes : 0,
  }));
  return {
    filename: jobReportFileName(
      job.startsAt ?? rows[0].shiftStart,
      zone,
      company?.name ?? "",
      job.name,
    ),
    job: {
      id: job.id,
      name: job.name,
      company: company?.name ?? "",
      invoice_reference: job.invoiceReference,
    },
    currency,
    digits: minorUnitsOf(currency),
    time_zone: zone,
    lines,
    costs: costs.items,
    totals,
  };
}

import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { nightWindowOf, splitMinutes, type RateBands } from "@/lib/domain/pricing";
import { minorUnitsOf } from "@/lib/domain/money";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { requirePermission, type Ctx } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { jobCalendar } from "../holidays/calendar";
import { parseId } from "../params";
import { jobPricing, type JobPricing } from "../rates/job-pricing";
import { clientRatesFor, workerRatesFor } from "../rates/lookup";
import { readAdditionalCosts } from "./additional-costs";
import { mayViewProjection, stageTotals, type ProjectionView } from "./projection-figures";
import {
  crewStages,
  finishStages,
  plannedStage,
  rateChoice,
  type CrewRow,
  type SlotRow,
} from "./projection-stages";

export type { ProjectionView, ShiftProjection, StageFigures } from "./projection-figures";

/** The job, 404 when there is none or it is archived. */
async function loadLiveJob(ctx: Ctx, jobId: number) {
  const [job] = await ctx.db
    .select({
      id: schema.jobs.id,
      name: schema.jobs.name,
      status: schema.jobs.status,
      companyId: schema.jobs.companyId,
      deletedAt: schema.jobs.deletedAt,
    })
    .from(schema.jobs)
    .where(eq(schema.jobs.id, jobId));
  if (!job || job.deletedAt) throw new NotFoundError("Job not found.");
  return job;
}
type LiveJob = Awaited<ReturnType<typeof loadLiveJob>>;

const sh = schema.shifts;
const sl = schema.shiftSlots;

/**
 * What the stages price, in three queries at once: the live shifts with their live slots, the
 * filled places on them with their reported hours, and the job's additional costs.
 */
async function projectionRows(
  ctx: Ctx,
  job: LiveJob,
  pricing: JobPricing,
): Promise<{
  slotRows: SlotRow[];
  crewRows: CrewRow[];
  costs: Awaited<ReturnType<typeof readAdditionalCosts>>;
}> {
  const [slotRows, crewRows, costs] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          shiftId: sh.id,
          startsAt: sh.startsAt,
          endsAt: sh.endsAt,
          slotId: sl.id,
          skillId: sl.skillId,
          skillName: schema.skills.name,
          positions: sl.positions,
        })
        .from(sh)
        .leftJoin(sl, and(eq(sl.shiftId, sh.id), isNull(sl.deletedAt)))
        .leftJoin(schema.skills, eq(schema.skills.id, sl.skillId))
        .where(and(eq(sh.jobId, job.id), isNull(sh.deletedAt)))
        .orderBy(asc(sh.startsAt), asc(sh.id), asc(sl.id)),
    () =>
      ctx.db
        .select({
          shiftId: sh.id,
          skillId: sl.skillId,
          userId: schema.applications.assigneeId,
          userName: schema.users.name,
          reportStart: schema.reportedHours.startsAt,
          reportEnd: schema.reportedHours.endsAt,
          approvedAt: schema.reportedHours.approvedAt,
        })
        .from(schema.applications)
        .innerJoin(sl, eq(sl.id, schema.applications.shiftSlotId))
        .innerJoin(sh, eq(sh.id, sl.shiftId))
        .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
        .leftJoin(
          schema.reportedHours,
          eq(schema.reportedHours.applicationId, schema.applications.id),
        )
        .where(
          and(
            eq(sh.jobId, job.id),
            isNull(sh.deletedAt),
            isNull(sl.deletedAt),
            inArray(schema.applications.status, [...FILLED_STATUSES]),
          ),
        )
        .orderBy(asc(schema.applications.id)),
    () =>
      readAdditionalCosts(ctx, {
        id: job.id,
        currency: pricing.currencyCode,
        timeZone: pricing.timeZone,
      }),
  );
  return { slotRows, crewRows, costs };
}

/**
 * The rates the stages need, in two queries: the client rates of the slots' skills, and the
 * worker rates of an open place of each skill and of each filled place's worker.
 */
async function projectionRates(
  ctx: Ctx,
  job: LiveJob,
  pricing: JobPricing,
  slotRows: SlotRow[],
  crewRows: CrewRow[],
) {
  const skillIds = [...new Set(slotRows.flatMap((r) => (r.skillId ? [r.skillId] : [])))];
  const [clientRates, workerRates] = await sideBySide(
    ctx.db,
    () =>
      // The booking's warning about a skill with no client price reads the same rows.
      clientRatesFor(ctx.db, {
        companyId: job.companyId,
        branchId: pricing.branchId,
        jobId: job.id,
        skillIds,
      }),
    () =>
      workerRatesFor(ctx.db, {
        jobId: job.id,
        branchIds: pricing.branchIds,
        pairs: [
          ...skillIds.map((skillId) => ({ userId: null, skillId })),
          ...crewRows.map((a) => ({ userId: a.userId, skillId: a.skillId })),
        ],
      }),
  );
  return { clientRates, workerRates };
}

/**
 * GET jobs/{id}/projection (issue 13 "Job projection", spec §7): what a job earns and costs,
 * per live shift and in total, in the job's currency (`jobPricing`), at four stages:
 * - planned: each live slot's positions × the shift's minutes; revenue at the client rate
 *   (the job's own row first, `clientRatesFor`), cost at the worker rate of an open place
 *   (`workerRatesFor` with no worker: the job's row, else the card's, the level-less row
 *   before the entry level's — what the least experienced worker earns, with the same
 *   weekend and night bands a booked worker is paid), else at the client rate's flat
 *   `rate_worker` (a skill no worker card prices);
 * - booked: each filled application (FILLED_STATUSES) over the shift's minutes, its cost at the
 *   worker's own rate (`workerRatesFor` with the real worker);
 * - reported / approved: the reported hours (approved = approved_at set) over the reported
 *   start–end, priced like booked.
 * Margin = revenue − worker cost (per shift), and − additional costs for the job (the costs'
 * own read, `readAdditionalCosts`). Every figure sums exact "minor-unit minutes" and is rounded
 * once (`toMinorUnits`); margins are differences of the rounded figures so they add up on
 * screen. A missing rate never fails the call: it is named in `missing_rates` and its minutes
 * count at 0.
 *
 * Office users with can_view_job_projection only: a client contact or a worker never sees
 * worker pay or margins, whatever its roles hold (403). A fixed number of queries whatever the
 * number of shifts, slots and applications.
 */
export async function jobProjection(ctx: Ctx, jobIdRaw: unknown): Promise<ProjectionView> {
  requirePermission(ctx, "can_view_job_projection");
  if (!mayViewProjection(ctx.actor)) throw new ForbiddenError();
  const job = await loadLiveJob(ctx, parseId(jobIdRaw, "Job"));
  const pricing = (await jobPricing(ctx.db, job.id))!;
  const currency = pricing.currencyCode;
  const { slotRows, crewRows, costs } = await projectionRows(ctx, job, pricing);
  const { clientRates, workerRates } = await projectionRates(ctx, job, pricing, slotRows, crewRows);

  const isHoliday = await jobCalendar(ctx.db, pricing);
  const split = (start: Date, end: Date, rate: RateBands | null) =>
    splitMinutes({
      start,
      end,
      timeZone: pricing.timeZone,
      isHoliday,
      ...(rate ? nightWindowOf(rate) : { nightStart: null, nightEnd: null }),
    });
  const rates = rateChoice(clientRates, workerRates, currency, slotRows);
  const { shifts, exact } = plannedStage(slotRows, rates, split, pricing.timeZone);
  crewStages(crewRows, slotRows, exact, rates, split);
  const total = finishStages(shifts, exact);

  return {
    job: { id: job.id, name: job.name, status: job.status, company_id: job.companyId },
    currency,
    digits: minorUnitsOf(currency),
    time_zone: pricing.timeZone,
    shifts,
    additional_costs: costs.totals,
    totals: stageTotals(total, costs.totals.total),
    missing_rates: rates.missing(),
  };
}

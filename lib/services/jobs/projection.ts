import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema } from "@/db";
import {
  costOf,
  describeSplit,
  nightWindowOf,
  splitMinutes,
  type Band,
  type RateBands,
} from "@/lib/domain/pricing";
import { minorUnitsOf } from "@/lib/domain/money";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, type Ctx } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { jobCalendar } from "../holidays/calendar";
import { parseId } from "../params";
import { jobPricing } from "../rates/job-pricing";
import { clientRatesFor, workerRateKey, workerRatesFor } from "../rates/lookup";
import { readAdditionalCosts } from "./additional-costs";
import {
  addFigures,
  emptyFigures,
  finishFigures,
  mayViewProjection,
  stageTotals,
  type Figures,
  type ProjectionView,
  type ShiftProjection,
  type Stage,
} from "./projection-figures";

export type { ProjectionView, ShiftProjection, StageFigures } from "./projection-figures";

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
  const jobId = parseId(jobIdRaw, "Job");
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
  const pricing = (await jobPricing(ctx.db, job.id))!;
  const currency = pricing.currencyCode;

  const sh = schema.shifts;
  const sl = schema.shiftSlots;
  const [slotRows, appRows, costs] = await Promise.all([
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
    readAdditionalCosts(ctx, { id: job.id, currency, timeZone: pricing.timeZone }),
  ]);

  const skillIds = [...new Set(slotRows.flatMap((r) => (r.skillId ? [r.skillId] : [])))];
  const [clientRates, workerRates] = await Promise.all([
    pricing.branchId === null
      ? Promise.resolve(new Map() as Awaited<ReturnType<typeof clientRatesFor>>)
      : clientRatesFor(ctx.db, {
          companyId: job.companyId,
          branchId: pricing.branchId,
          jobId: job.id,
          skillIds,
        }),
    workerRatesFor(ctx.db, {
      jobId: job.id,
      branchIds: pricing.branchIds,
      pairs: [
        ...skillIds.map((skillId) => ({ userId: null, skillId })),
        ...appRows.map((a) => ({ userId: a.userId, skillId: a.skillId })),
      ],
    }),
  ]);

  const isHoliday = await jobCalendar(ctx.db, pricing);
  const split = (start: Date, end: Date, rate: RateBands | null) =>
    splitMinutes({
      start,
      end,
      timeZone: pricing.timeZone,
      isHoliday,
      ...(rate ? nightWindowOf(rate) : { nightStart: null, nightEnd: null }),
    });
  const minutesOf = (m: Record<Band, number>) => m.standard + m.weekend + m.night;
  const skillName = new Map(slotRows.map((r) => [r.skillId, r.skillName ?? ""]));

  const missing = new Map<string, ProjectionView["missing_rates"][number]>();
  const noteMissing = (m: ProjectionView["missing_rates"][number]) => {
    if (!missing.has(m.message)) missing.set(m.message, m);
  };
  /** The client rate of a skill in the job's currency, else null (noted as missing). */
  const clientRate = (skillId: number): RateBands | null => {
    const r = clientRates.get(skillId);
    if (r && r.currencyCode === currency) return r;
    noteMissing({
      kind: "client",
      skill: { id: skillId, name: skillName.get(skillId) ?? "" },
      user: null,
      message: `No client rate for ${skillName.get(skillId)}`,
    });
    return null;
  };
  /**
   * What a slot's planned positions cost: the worker rate of an open place (with its weekend
   * and night bands, like a booked worker), else the client rate's flat rate_worker.
   */
  const plannedPay = (skillId: number): RateBands | null => {
    const w = workerRates.get(workerRateKey(null, skillId));
    if (w && w.currencyCode === currency) return w;
    const c = clientRates.get(skillId);
    if (c && c.currencyCode === currency && c.rateWorker !== null)
      return {
        standard: c.rateWorker,
        weekend: null,
        night: null,
        nightStart: null,
        nightEnd: null,
      };
    noteMissing({
      kind: "worker",
      skill: { id: skillId, name: skillName.get(skillId) ?? "" },
      user: null,
      message: `No worker rate for ${skillName.get(skillId)}`,
    });
    return null;
  };
  const workerPay = (userId: number, userName: string, skillId: number): RateBands | null => {
    const w = workerRates.get(workerRateKey(userId, skillId));
    if (w && w.currencyCode === currency) return w;
    noteMissing({
      kind: "worker",
      skill: { id: skillId, name: skillName.get(skillId) ?? "" },
      user: { id: userId, name: userName },
      message: `No worker rate for ${userName} as ${skillName.get(skillId)}`,
    });
    return null;
  };

  /** Exact revenue and cost (minor-unit minutes) of `count` people over [start, end). */
  const price = (
    into: Figures,
    start: Date,
    end: Date,
    count: number,
    revenueRate: RateBands | null,
    payRate: RateBands | null,
  ) => {
    const forRevenue = split(start, end, revenueRate);
    const forPay = split(start, end, payRate);
    addFigures(into, {
      people: count,
      minutes: count * minutesOf(forRevenue),
      revenue: revenueRate ? count * costOf(forRevenue, revenueRate) : 0,
      cost: payRate ? count * costOf(forPay, payRate) : 0,
    });
  };

  const shifts: ShiftProjection[] = [];
  const exact = new Map<number, Record<Stage, Figures>>();
  const total: Record<Stage, Figures> = {
    planned: emptyFigures(),
    booked: emptyFigures(),
    reported: emptyFigures(),
    approved: emptyFigures(),
  };
  for (const row of slotRows) {
    let stages = exact.get(row.shiftId);
    if (!stages) {
      stages = {
        planned: emptyFigures(),
        booked: emptyFigures(),
        reported: emptyFigures(),
        approved: emptyFigures(),
      };
      exact.set(row.shiftId, stages);
      shifts.push({
        id: row.shiftId,
        start: isoInZone(row.startsAt, pricing.timeZone),
        end: isoInZone(row.endsAt, pricing.timeZone),
        minutes: minutesOf(split(row.startsAt, row.endsAt, null)),
        slots: [],
        planned: finishFigures(emptyFigures()),
        booked: finishFigures(emptyFigures()),
        reported: finishFigures(emptyFigures()),
        approved: finishFigures(emptyFigures()),
      });
    }
    if (row.slotId === null || row.skillId === null) continue;
    const revenueRate = clientRate(row.skillId);
    const slotFigures = emptyFigures();
    price(
      slotFigures,
      row.startsAt,
      row.endsAt,
      row.positions ?? 0,
      revenueRate,
      plannedPay(row.skillId),
    );
    addFigures(stages.planned, slotFigures);
    const slotShift = shifts[shifts.length - 1];
    const done = finishFigures(slotFigures);
    slotShift.slots.push({
      id: row.slotId,
      skill: { id: row.skillId, name: row.skillName ?? "" },
      positions: row.positions ?? 0,
      split: describeSplit(split(row.startsAt, row.endsAt, revenueRate)),
      revenue: done.revenue,
      worker_cost: done.worker_cost,
    });
  }
  const shiftTimes = new Map(slotRows.map((r) => [r.shiftId, r]));
  for (const app of appRows) {
    const stages = exact.get(app.shiftId);
    const shift = shiftTimes.get(app.shiftId);
    if (!stages || !shift) continue;
    const revenueRate = clientRates.get(app.skillId) ?? null;
    const rev = revenueRate && revenueRate.currencyCode === currency ? revenueRate : null;
    const pay = workerPay(app.userId, app.userName, app.skillId);
    price(stages.booked, shift.startsAt, shift.endsAt, 1, rev, pay);
    if (app.reportStart && app.reportEnd) {
      price(stages.reported, app.reportStart, app.reportEnd, 1, rev, pay);
      if (app.approvedAt) price(stages.approved, app.reportStart, app.reportEnd, 1, rev, pay);
    }
  }
  for (const shift of shifts) {
    const stages = exact.get(shift.id)!;
    for (const stage of ["planned", "booked", "reported", "approved"] as const) {
      addFigures(total[stage], stages[stage]);
      shift[stage] = finishFigures(stages[stage]);
    }
  }

  return {
    job: { id: job.id, name: job.name, status: job.status, company_id: job.companyId },
    currency,
    digits: minorUnitsOf(currency),
    time_zone: pricing.timeZone,
    shifts,
    additional_costs: costs.totals,
    totals: stageTotals(total, costs.totals.total),
    missing_rates: [...missing.values()],
  };
}

import { costOf, describeSplit, type Band, type RateBands } from "@/lib/domain/pricing";
import { isoInZone } from "@/lib/domain/time";
import { workerRateKey, type clientRatesFor, type workerRatesFor } from "../rates/lookup";
import {
  addFigures,
  emptyFigures,
  finishFigures,
  STAGES,
  type Figures,
  type ProjectionView,
  type ShiftProjection,
  type Stage,
} from "./projection-figures";

/**
 * The steps of a job's projection that run on what its queries read (jobProjection,
 * projection.ts): which rate prices what, the planned stage from the slots, the booked,
 * reported and approved stages from the crew, and the totals.
 */

/** A live shift with one of its live slots (none: null slot fields), in time order. */
export interface SlotRow {
  shiftId: number;
  startsAt: Date;
  endsAt: Date;
  slotId: number | null;
  skillId: number | null;
  skillName: string | null;
  positions: number | null;
}

/** A filled place on a live slot, with its reported hours when there are any. */
export interface CrewRow {
  shiftId: number;
  skillId: number;
  userId: number;
  userName: string;
  reportStart: Date | null;
  reportEnd: Date | null;
  approvedAt: Date | null;
}

/** How [start, end) splits into bands in the job's zone, at a rate's night window. */
export type Split = (start: Date, end: Date, rate: RateBands | null) => Record<Band, number>;

type Missing = ProjectionView["missing_rates"][number];
type Exact = Map<number, Record<Stage, Figures>>;

const minutesOf = (m: Record<Band, number>) => m.standard + m.weekend + m.night;

/** A skill's client rate when it prices in the job's currency, else null (one rule for both). */
export function clientRateIn(
  clientRates: Awaited<ReturnType<typeof clientRatesFor>>,
  skillId: number,
  currency: string,
): RateBands | null {
  const r = clientRates.get(skillId);
  return r && r.currencyCode === currency ? r : null;
}

/**
 * Which rate prices what, in the job's currency. A rate not found never fails the projection:
 * it is noted once (by its message, in the order met) and its minutes count at 0.
 */
export function rateChoice(
  clientRates: Awaited<ReturnType<typeof clientRatesFor>>,
  workerRates: Awaited<ReturnType<typeof workerRatesFor>>,
  currency: string,
  slotRows: SlotRow[],
) {
  const skillName = new Map(slotRows.map((r) => [r.skillId, r.skillName ?? ""]));
  const missing = new Map<string, Missing>();
  const noteMissing = (m: Missing) => {
    if (!missing.has(m.message)) missing.set(m.message, m);
  };
  /** The client rate of a skill in the job's currency, else null (noted as missing). */
  const clientRate = (skillId: number): RateBands | null => {
    const r = clientRateIn(clientRates, skillId, currency);
    if (r) return r;
    noteMissing({
      kind: "client",
      skill: { id: skillId, name: skillName.get(skillId) ?? "" },
      user: null,
      message: `No client rate for ${skillName.get(skillId)}`,
    });
    return null;
  };
  /** The client rate a filled place earns: its slot's planned stage has noted a missing one. */
  const crewRevenue = (skillId: number): RateBands | null =>
    clientRateIn(clientRates, skillId, currency);
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
  return { clientRate, crewRevenue, plannedPay, workerPay, missing: () => [...missing.values()] };
}
type RateChoice = ReturnType<typeof rateChoice>;

/** Adds the exact revenue and cost (minor-unit minutes) of `count` people over [start, end). */
function pricer(split: Split) {
  return (
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
}

const noFigures = (): Record<Stage, Figures> => ({
  planned: emptyFigures(),
  booked: emptyFigures(),
  reported: emptyFigures(),
  approved: emptyFigures(),
});

/**
 * The planned stage: every live shift once, in time order, and each of its live slots priced
 * as its positions × the shift's minutes. Returns the shifts (figures not yet rounded) and
 * their exact sums by stage.
 */
export function plannedStage(
  slotRows: SlotRow[],
  rates: RateChoice,
  split: Split,
  timeZone: string,
): { shifts: ShiftProjection[]; exact: Exact } {
  const price = pricer(split);
  const shifts: ShiftProjection[] = [];
  const exact: Exact = new Map();
  for (const row of slotRows) {
    let stages = exact.get(row.shiftId);
    if (!stages) {
      stages = noFigures();
      exact.set(row.shiftId, stages);
      shifts.push({
        id: row.shiftId,
        start: isoInZone(row.startsAt, timeZone),
        end: isoInZone(row.endsAt, timeZone),
        minutes: minutesOf(split(row.startsAt, row.endsAt, null)),
        slots: [],
        planned: finishFigures(emptyFigures()),
        booked: finishFigures(emptyFigures()),
        reported: finishFigures(emptyFigures()),
        approved: finishFigures(emptyFigures()),
      });
    }
    if (row.slotId === null || row.skillId === null) continue;
    const revenueRate = rates.clientRate(row.skillId);
    const slotFigures = emptyFigures();
    price(
      slotFigures,
      row.startsAt,
      row.endsAt,
      row.positions ?? 0,
      revenueRate,
      rates.plannedPay(row.skillId),
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
  return { shifts, exact };
}

/**
 * The booked stage (each filled place over its shift, at the worker's own rate), then the
 * reported and approved ones (its reported hours, once approved for the latter).
 */
export function crewStages(
  crewRows: CrewRow[],
  slotRows: SlotRow[],
  exact: Exact,
  rates: RateChoice,
  split: Split,
): void {
  const price = pricer(split);
  const shiftTimes = new Map(slotRows.map((r) => [r.shiftId, r]));
  for (const app of crewRows) {
    const stages = exact.get(app.shiftId);
    const shift = shiftTimes.get(app.shiftId);
    if (!stages || !shift) continue;
    const rev = rates.crewRevenue(app.skillId);
    const pay = rates.workerPay(app.userId, app.userName, app.skillId);
    price(stages.booked, shift.startsAt, shift.endsAt, 1, rev, pay);
    if (app.reportStart && app.reportEnd) {
      price(stages.reported, app.reportStart, app.reportEnd, 1, rev, pay);
      if (app.approvedAt) price(stages.approved, app.reportStart, app.reportEnd, 1, rev, pay);
    }
  }
}

/** Rounds each shift's stages once and sums the job's exact totals. */
export function finishStages(shifts: ShiftProjection[], exact: Exact): Record<Stage, Figures> {
  const total = noFigures();
  for (const shift of shifts) {
    const stages = exact.get(shift.id)!;
    for (const stage of STAGES) {
      addFigures(total[stage], stages[stage]);
      shift[stage] = finishFigures(stages[stage]);
    }
  }
  return total;
}

/**
 * Salary lines (issue 24): what one approved report of hours pays its worker, priced by the one
 * engine (lib/domain/pricing.ts) with the worker rate that applied, to the minute, in the
 * job's zone and calendar, in the rate's (the branch's) currency. Pure: no I/O.
 *
 * Rules
 * - Where the rate came from is told in three words: the job's rate ("job": the job's row for
 *   the worker or for the skill), the worker's own agreement ("custom"), or the rate card
 *   ("card": skill × the worker's level × branch, or the card's any-level row). A parent skill's
 *   row counts as the same kind.
 * - replaceZero: a zero job or custom rate (standard amount 0) is replaced by the card rate for
 *   that skill × level × branch when the card has one; a zero card rate stays zero (it is what
 *   the agency wrote). Without replaceZero a zero rate prices the hours at 0.
 * - The work date is the shift's local date in the job's zone (what periods are cut by).
 * - Amount: the exact "minor-unit minutes" of the stretch rounded half-up once, per line.
 */
import {
  costOf,
  nightWindowOf,
  splitMinutes,
  toMinorUnits,
  type Band,
  type RateBands,
} from "./pricing";
import { toLocal } from "./time";

export type RateKind = "job" | "custom" | "card";

/** "job-user", "parent-job" → "job"; "custom", "parent-custom" → "custom"; the rest "card". */
export function rateKind(source: string): RateKind {
  const s = source.replace(/^parent-/, "");
  if (s === "job" || s === "job-user") return "job";
  if (s === "custom") return "custom";
  return "card";
}

/** A rate that pays nothing for its standard hours. */
export const isZeroRate = (rate: Pick<RateBands, "standard">) => rate.standard === 0;

/** The rate bands a salary line keeps, with where they came from. */
export interface UsedRate extends RateBands {
  source: string;
  currencyCode: string;
}

/**
 * The rate that prices the hours: the one found, or with replaceZero the card's when the one
 * found is a zero job or custom rate and the card has a rate. Null when there is none.
 */
export function effectiveRate<R extends UsedRate>(
  rate: (R & { card?: R | null }) | null | undefined,
  replaceZero: boolean,
): R | null {
  if (!rate) return null;
  if (replaceZero && isZeroRate(rate) && rateKind(rate.source) !== "card" && rate.card)
    return rate.card;
  return rate;
}

/** Whether the rate found would be replaced or stays zero: what the missing-rates check asks. */
export const paysNothing = (rate: UsedRate | null) => rate !== null && isZeroRate(rate);

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The local date "YYYY-MM-DD" of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  const l = toLocal(at, timeZone);
  return `${pad(l.year, 4)}-${pad(l.month)}-${pad(l.day)}`;
}

/** A stretch of approved work to pay. */
export interface SalaryWork {
  reportedHoursId: number | null;
  userId: number;
  jobId: number;
  shiftId: number;
  skillId: number;
  /** The shift's planned start: its local date is the line's work date. */
  shiftStart: Date;
  start: Date;
  end: Date;
  branchId: number | null;
  countryId: number | null;
  timeZone: string;
  isHoliday: (localDate: string) => boolean;
}

export interface SalaryLineDraft {
  reportedHoursId: number | null;
  userId: number;
  jobId: number;
  shiftId: number;
  skillId: number;
  branchId: number | null;
  countryId: number | null;
  workDate: string;
  startsAt: Date;
  endsAt: Date;
  currencyCode: string;
  standardMinutes: number;
  weekendMinutes: number;
  nightMinutes: number;
  standardRate: number;
  weekendRate: number | null;
  nightRate: number | null;
  rateSource: RateKind;
  amount: number;
}

/** The minutes by band of a stretch at a rate (its night window only when it has a night price). */
export function bandMinutes(
  w: Pick<SalaryWork, "start" | "end" | "timeZone" | "isHoliday">,
  rate: RateBands,
): Record<Band, number> {
  return splitMinutes({
    start: w.start,
    end: w.end,
    timeZone: w.timeZone,
    isHoliday: w.isHoliday,
    ...nightWindowOf(rate),
  });
}

/** One salary line: the stretch split by band at the rate, and its amount rounded half-up. */
export function salaryLine(w: SalaryWork, rate: UsedRate): SalaryLineDraft {
  const minutes = bandMinutes(w, rate);
  return {
    reportedHoursId: w.reportedHoursId,
    userId: w.userId,
    jobId: w.jobId,
    shiftId: w.shiftId,
    skillId: w.skillId,
    branchId: w.branchId,
    countryId: w.countryId,
    workDate: localDate(w.shiftStart, w.timeZone),
    startsAt: w.start,
    endsAt: w.end,
    currencyCode: rate.currencyCode,
    standardMinutes: minutes.standard,
    weekendMinutes: minutes.weekend,
    nightMinutes: minutes.night,
    standardRate: rate.standard,
    weekendRate: rate.weekend,
    nightRate: rate.night,
    rateSource: rateKind(rate.source),
    amount: toMinorUnits(costOf(minutes, rate)),
  };
}

export interface CurrencyTotal {
  currency_code: string;
  amount: number;
  minutes: number;
}

type Totalled = Pick<
  SalaryLineDraft,
  "currencyCode" | "amount" | "standardMinutes" | "weekendMinutes" | "nightMinutes"
>;

export const lineMinutes = (l: Omit<Totalled, "currencyCode" | "amount">) =>
  l.standardMinutes + l.weekendMinutes + l.nightMinutes;

/** Totals per currency (never added across currencies), by currency code. */
export function totalsByCurrency(lines: readonly Totalled[]): CurrencyTotal[] {
  const sums = new Map<string, CurrencyTotal>();
  for (const l of lines) {
    const code = l.currencyCode.trim();
    const t = sums.get(code) ?? { currency_code: code, amount: 0, minutes: 0 };
    t.amount += l.amount;
    t.minutes += lineMinutes(l);
    sums.set(code, t);
  }
  return [...sums.values()].sort((a, b) => a.currency_code.localeCompare(b.currency_code));
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The month's first day ("2026-10-01") when from–to is one whole calendar month, else null. */
export function wholeMonthOf(from: string, to: string): string | null {
  const [y, m, d] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  return y === ty && m === tm && d === 1 && td === lastDayOf(y, m) ? from : null;
}

/** "October 2026" for a whole calendar month, else "01/10/2026–15/10/2026". */
export function periodLabel(from: string, to: string): string {
  if (!wholeMonthOf(from, to)) return `${dmy(from)}–${dmy(to)}`;
  const [y, m] = from.split("-").map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** Why hours can no longer be changed, in words; null when they can. */
export function hoursLockReason(lock: {
  jobStatus: string | null;
  paidSlip: { periodFrom: string; periodTo: string } | null;
  paid: boolean;
}): string | null {
  if (lock.paid)
    return lock.paidSlip
      ? `These hours are paid (pay slip ${periodLabel(lock.paidSlip.periodFrom, lock.paidSlip.periodTo)}) and can no longer be changed.`
      : "These hours are paid and can no longer be changed.";
  if (lock.jobStatus === "Invoiced") return "The job is invoiced; reopen it to change hours.";
  if (lock.jobStatus === "Paid") return "The job is paid; reopen it to change hours.";
  return null;
}

/** A period of local dates: both "YYYY-MM-DD", from not after to, at most a year and a day. */
export function periodProblem(from: string, to: string): string | null {
  const ok = (s: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(s) &&
    !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
    new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
  if (!ok(from) || !ok(to)) return "The period needs a from and a to date as YYYY-MM-DD.";
  if (from > to) return "The period's from date must not be after its to date.";
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > 366) return "A period may span at most one year.";
  return null;
}

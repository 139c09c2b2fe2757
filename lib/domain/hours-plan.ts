import { formatDate, formatTime } from "./format";

/**
 * Reported hours against the planned shift (issue 9 "guard rails on hours"): how far a
 * report is from the plan, when that is unusual enough to ask "are these hours right?", and
 * when it matches the plan closely enough to be approved in one action with the others.
 */

/** Beyond this difference in worked time a report is unusual and must be confirmed. */
export const UNUSUAL_DIFFERENCE_MINUTES = 120;
/** A report whose start and end each lie within this of the plan "matches the plan". */
export const MATCH_TOLERANCE_MINUTES = 15;

export interface Span {
  start: Date;
  end: Date;
}

const minutesOf = (s: Span) => Math.round((s.end.getTime() - s.start.getTime()) / 60_000);

/** Reported minus planned worked time, in minutes (positive: longer than planned). */
export const differenceMinutes = (planned: Span, reported: Span): number =>
  minutesOf(reported) - minutesOf(planned);

/**
 * A signed difference as the approvals screen shows it: "+0:45", "−0:25" (a real minus
 * sign), "+15:00"; no difference is "0:00".
 */
export function formatDifference(minutes: number): string {
  if (minutes === 0) return "0:00";
  const abs = Math.abs(minutes);
  const text = `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
  return `${minutes > 0 ? "+" : "\u2212"}${text}`;
}

/** A day shift: planned to start and end on the same day in the job's zone. */
export const isDayShift = (planned: Span, timeZone: string): boolean =>
  formatDate(planned.start, timeZone) === formatDate(new Date(planned.end.getTime() - 1), timeZone);

export interface UnusualHours {
  difference_minutes: number;
  difference: string;
  /** "difference": more than two hours off the plan; "next_day": a day shift ending tomorrow. */
  reason: "difference" | "next_day";
  message: string;
}

const range = (s: Span, timeZone: string) => {
  const nextDay = formatDate(s.end, timeZone) !== formatDate(s.start, timeZone);
  return `${formatTime(s.start, timeZone)}–${formatTime(s.end, timeZone)}${nextDay ? " (+1 day)" : ""}`;
};

/**
 * Why a report needs a second look before it is saved, or null when it is plausible: its
 * worked time differs from the plan by more than two hours, or a day shift's report ends on
 * the next day (a typo such as 08:00–07:00 becomes 23 hours otherwise).
 */
export function unusualHours(planned: Span, reported: Span, timeZone: string): UnusualHours | null {
  const diff = differenceMinutes(planned, reported);
  const endsNextDay =
    isDayShift(planned, timeZone) &&
    formatDate(reported.end, timeZone) !== formatDate(planned.start, timeZone) &&
    reported.end.getTime() > planned.end.getTime();
  const overLimit = Math.abs(diff) > UNUSUAL_DIFFERENCE_MINUTES;
  if (!overLimit && !endsNextDay) return null;
  const difference = formatDifference(diff);
  const what = `${range(reported, timeZone)} is ${difference} against the planned ${range(planned, timeZone)}`;
  return {
    difference_minutes: diff,
    difference,
    reason: overLimit ? "difference" : "next_day",
    message: overLimit
      ? `These hours differ from the plan by more than 2 hours: ${what}. Are they right?`
      : `These hours end on the next day, but the shift is planned within one day: ${what}. Are they right?`,
  };
}

/** Start and end each within 15 minutes of the plan: safe to approve without a look. */
export function matchesPlan(planned: Span, reported: Span): boolean {
  const tolerance = MATCH_TOLERANCE_MINUTES * 60_000;
  return (
    Math.abs(reported.start.getTime() - planned.start.getTime()) <= tolerance &&
    Math.abs(reported.end.getTime() - planned.end.getTime()) <= tolerance
  );
}

/** The rule of "Approve all that match the plan", as the screen and the API name it. */
export const MATCH_RULE = `start and end each within ${MATCH_TOLERANCE_MINUTES} minutes of the plan`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "12 reports, 94.5 hours": a number of reports and their worked time in decimal hours
 * (spec §9: minutes divided by 60, here to two places at most).
 */
export function reportsAndHours(reports: number, minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${plural(reports, "report", "reports")}, ${plural(hours, "hour", "hours")}`;
}

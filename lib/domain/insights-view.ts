import { periodLabel } from "./salary";
import { monthOf } from "./salary-screen";
import { displayToIso, isoToDisplay } from "./time-entry";

/**
 * The period and filters of the /insights screens, read from the query string (shared by the
 * three tabs): `period` this-month | last-month | this-quarter | last-12-months (the default) |
 * custom with `from` and `to` (DD/MM/YYYY, as every date filter); `branch_id`; `client_id`.
 * A value that does not make a view falls back (a hand-edited link shows a view, never an error)
 * and `notices` says in words what was left out.
 */
export const INSIGHTS_PRESETS = [
  { value: "this-month", label: "This month" },
  { value: "last-month", label: "Last month" },
  { value: "this-quarter", label: "This quarter" },
  { value: "last-12-months", label: "Last 12 months" },
  { value: "custom", label: "Custom dates" },
] as const;

export type InsightsPreset = (typeof INSIGHTS_PRESETS)[number]["value"];
export const DEFAULT_INSIGHTS_PRESET: Exclude<InsightsPreset, "custom"> = "last-12-months";

/** The longest period the statistics take (3 years, as their filter). */
export const MAX_INSIGHTS_DAYS = 3 * 366;

export interface InsightsView {
  preset: InsightsPreset;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** "October 2026", or "01/12/2025–30/11/2026". */
  label: string;
  branchId: number | null;
  clientId: number | null;
  /** What in the query could not be used, in words (shown above the charts). */
  notices: string[];
}

/** The query keys the tabs carry from one to another. */
export const INSIGHTS_VIEW_PARAMS = ["period", "from", "to", "branch_id", "client_id"] as const;

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

const isId = (v: string) => /^\d{1,9}$/.test(v) && Number(v) > 0;

/** The period a preset names, `today` being the agency's local date (YYYY-MM-DD). */
export function presetPeriod(
  preset: Exclude<InsightsPreset, "custom">,
  today: string,
): { from: string; to: string } {
  if (preset === "this-month") return monthOf(today, 0);
  if (preset === "last-month") return monthOf(today, -1);
  if (preset === "this-quarter") {
    const month = Number(today.slice(5, 7));
    const back = (month - 1) % 3;
    return { from: monthOf(today, -back).from, to: monthOf(today, 2 - back).to };
  }
  // The last 12 whole calendar months, this one included: twelve bars on a monthly chart.
  return { from: monthOf(today, -11).from, to: monthOf(today, 0).to };
}

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The view of a query; `today` is the agency's local date (YYYY-MM-DD). */
export function insightsView(query: Query, today: string): InsightsView {
  const notices: string[] = [];
  const wanted = one(query.period);
  let preset: InsightsPreset =
    INSIGHTS_PRESETS.find((p) => p.value === wanted)?.value ?? DEFAULT_INSIGHTS_PRESET;
  if (wanted !== undefined && wanted !== preset)
    notices.push(`"${wanted}" is not a period; showing the last 12 months.`);
  let period = presetPeriod(preset === "custom" ? DEFAULT_INSIGHTS_PRESET : preset, today);
  if (preset === "custom") {
    const rawFrom = one(query.from);
    const rawTo = one(query.to);
    const from = displayToIso(rawFrom);
    const to = displayToIso(rawTo);
    let problem: string | null = null;
    if (!rawFrom || !rawTo) problem = "A custom period needs a from and a to date.";
    else if (!from || !to) problem = "Dates are written DD/MM/YYYY.";
    else if (from > to) problem = "The from date must not be after the to date.";
    else if (dayCount(from, to) + 1 > MAX_INSIGHTS_DAYS)
      problem = "A period may span at most 3 years.";
    if (problem) {
      notices.push(`${problem} Showing the last 12 months.`);
      preset = DEFAULT_INSIGHTS_PRESET;
    } else period = { from, to };
  }
  const id = (key: "branch_id" | "client_id", what: string): number | null => {
    const v = one(query[key]);
    if (v === undefined) return null;
    if (isId(v)) return Number(v);
    notices.push(
      `"${v}" is not a ${what}; showing all ${what === "branch" ? "branches" : "clients"}.`,
    );
    return null;
  };
  return {
    preset,
    ...period,
    label: periodLabel(period.from, period.to),
    branchId: id("branch_id", "branch"),
    clientId: id("client_id", "client"),
    notices,
  };
}

/** The query that names a view (for links between the tabs and to the download). */
export function insightsViewQuery(v: InsightsView): URLSearchParams {
  const q = new URLSearchParams();
  if (v.preset !== DEFAULT_INSIGHTS_PRESET) q.set("period", v.preset);
  if (v.preset === "custom") {
    q.set("from", isoToDisplay(v.from));
    q.set("to", isoToDisplay(v.to));
  }
  if (v.branchId !== null) q.set("branch_id", String(v.branchId));
  if (v.clientId !== null) q.set("client_id", String(v.clientId));
  return q;
}

import { periodLabel, periodProblem } from "./salary";
import { displayToIso, isoToDisplay } from "./time-entry";

/**
 * The period and place of the /salaryreports screen, read from its query string (shared by its
 * tabs): `period` this | last (the default) | custom with `from` and `to` (DD/MM/YYYY, as every
 * date filter); `branch_id` or `country_id`. A value that does not make a period falls back to
 * last month, so a hand-edited link shows a view rather than an error.
 */
export type PeriodPreset = "this" | "last" | "custom";

export interface SalaryView {
  preset: PeriodPreset;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** "October 2026", or "01/10/2026–15/10/2026". */
  label: string;
  branchId: number | null;
  countryId: number | null;
}

/** The query keys the tabs carry from one to another. */
export const SALARY_VIEW_PARAMS = ["period", "from", "to", "branch_id", "country_id"] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar month `offset` months from the one of `today` (YYYY-MM-DD). */
export function monthOf(today: string, offset: number): { from: string; to: string } {
  const [y, m] = today.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const iso = (d: Date) =>
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return { from: iso(first), to: iso(last) };
}

const positiveId = (v: string | undefined): number | null =>
  v !== undefined && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** The view of a query; `today` is the agency's local date (YYYY-MM-DD). */
export function salaryView(query: Query, today: string): SalaryView {
  const wanted = one(query.period);
  let preset: PeriodPreset = wanted === "this" || wanted === "custom" ? wanted : "last";
  let period = monthOf(today, preset === "this" ? 0 : -1);
  if (preset === "custom") {
    const from = displayToIso(one(query.from));
    const to = displayToIso(one(query.to));
    if (from && to && !periodProblem(from, to)) period = { from, to };
    else preset = "last";
  }
  const branchId = positiveId(one(query.branch_id));
  return {
    preset,
    ...period,
    label: periodLabel(period.from, period.to),
    branchId,
    // One place at a time: a branch wins over a country.
    countryId: branchId === null ? positiveId(one(query.country_id)) : null,
  };
}

/** The query that names a view (for links between the tabs and to downloads). */
export function salaryViewQuery(v: SalaryView): URLSearchParams {
  const q = new URLSearchParams();
  if (v.preset !== "last") q.set("period", v.preset);
  if (v.preset === "custom") {
    q.set("from", isoToDisplay(v.from));
    q.set("to", isoToDisplay(v.to));
  }
  if (v.branchId !== null) q.set("branch_id", String(v.branchId));
  if (v.countryId !== null) q.set("country_id", String(v.countryId));
  return q;
}

/** The place as the verbs take it. */
export const viewPlace = (v: SalaryView) => ({
  ...(v.branchId !== null && { branch_id: v.branchId }),
  ...(v.countryId !== null && { country_id: v.countryId }),
});

export interface SummaryGroup {
  currency_code: string;
  branch_id: number | null;
  branch: string | null;
  skill_id: number;
  skill: string;
  minutes: number;
  amount: number;
  paid_amount: number;
  bands: Record<"standard" | "weekend" | "night", { minutes: number; amount: number }>;
}

export interface SummaryRow {
  key: string;
  currency_code: string;
  name: string;
  minutes: number;
  amount: number;
  paid_amount: number;
}

/**
 * The summary's groups (currency × branch × skill) added up by branch or by skill, within each
 * currency: a row is one currency's figures, never two currencies added together.
 */
export function summaryBy(groups: readonly SummaryGroup[], by: "branch" | "skill"): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const g of groups) {
    const id = by === "branch" ? (g.branch_id ?? 0) : g.skill_id;
    const name = by === "branch" ? (g.branch ?? "No branch") : g.skill;
    const key = `${g.currency_code}:${id}`;
    const row = rows.get(key) ?? {
      key,
      currency_code: g.currency_code,
      name,
      minutes: 0,
      amount: 0,
      paid_amount: 0,
    };
    row.minutes += g.minutes;
    row.amount += g.amount;
    row.paid_amount += g.paid_amount;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.currency_code.localeCompare(b.currency_code) || a.name.localeCompare(b.name),
  );
}

export const BANDS = ["standard", "weekend", "night"] as const;
export const BAND_LABELS: Record<(typeof BANDS)[number], string> = {
  standard: "Standard",
  weekend: "Weekend",
  night: "Night",
};

/** Per currency, each band's minutes and amount over all groups. */
export function summaryByBand(groups: readonly SummaryGroup[]) {
  const out = new Map<
    string,
    { currency_code: string; band: (typeof BANDS)[number]; minutes: number; amount: number }
  >();
  for (const g of groups)
    for (const band of BANDS) {
      const key = `${g.currency_code}:${band}`;
      const row = out.get(key) ?? { currency_code: g.currency_code, band, minutes: 0, amount: 0 };
      row.minutes += g.bands[band].minutes;
      row.amount += g.bands[band].amount;
      out.set(key, row);
    }
  return [...out.values()].filter((r) => r.minutes > 0 || r.amount > 0);
}

/**
 * The lines "Pay" pays from a view: the worker's draft lines of the period in the view's branch
 * or country (all of them without one). A worker who also worked elsewhere in the period keeps
 * those lines open, and the confirmation shows exactly what is paid.
 */
export function payableLines<
  L extends { status: string; branch_id: number | null; country_id: number | null },
>(lines: readonly L[], place: { branchId: number | null; countryId: number | null }): L[] {
  return lines.filter(
    (l) =>
      l.status === "draft" &&
      (place.branchId === null || l.branch_id === place.branchId) &&
      (place.countryId === null || l.country_id === place.countryId),
  );
}

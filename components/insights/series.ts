import { formatMoney, minorUnitsOf } from "@/lib/domain/money";
import type { Statistics, StatisticsSeries, StatisticsUnit } from "@/lib/services/statistics/types";

/**
 * How the insights charts read a `Statistics` answer: split into panels that each share one
 * unit and, for money, one currency — a chart axis never adds two currencies — and figures
 * formatted for people (money with lib/domain/money.ts).
 */
export interface ChartPanel {
  key: string;
  unit: StatisticsUnit;
  currency?: string;
  /** "NOK" when a chart is one of several per currency; null when it is the only one. */
  heading: string | null;
  /** Indexes into the answer's series. */
  series: number[];
}

export function chartPanels(stats: Statistics): ChartPanel[] {
  const panels = new Map<string, ChartPanel>();
  stats.series.forEach((s, i) => {
    const key = `${s.unit}:${s.unit === "money" ? (s.currency ?? "") : ""}`;
    const panel = panels.get(key) ?? {
      key,
      unit: s.unit,
      currency: s.unit === "money" ? s.currency : undefined,
      heading: null,
      series: [],
    };
    panel.series.push(i);
    panels.set(key, panel);
  });
  const list = [...panels.values()];
  if (list.length > 1) for (const p of list) p.heading = p.currency ?? UNIT_WORDS[p.unit];
  return list;
}

const UNIT_WORDS: Record<StatisticsUnit, string> = {
  count: "Count",
  hours: "Hours",
  money: "Amount",
  percent: "Percent",
};

/** The label of everyone after a ranking's top 10 (the statistics verbs' "Other"). */
export const OTHER_LABEL = "Other";

/** Nothing to draw: no labels, no series, or every figure zero. */
export const isEmptyStatistics = (stats: Statistics) =>
  stats.labels.length === 0 || stats.series.every((s) => s.values.every((v) => !v));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A month label "2026-10" reads "Oct 2026", a day "2026-10-05" reads "5 Oct"; any other label
 * (a client, a worker) is shown as given.
 */
export function labelText(label: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(label);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return label;
  const month = MONTHS[Number(m[2]) - 1];
  return m[3] ? `${Number(m[3])} ${month}` : `${month} ${m[1]}`;
}

const numberText = (value: number, digits: number) =>
  value.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A figure as the table and the tooltip show it: "1,250.50 NOK", "12.50 h", "42", "12.5 %". */
export function valueText(value: number, s: Pick<StatisticsSeries, "unit" | "currency">): string {
  switch (s.unit) {
    case "money":
      return s.currency ? formatMoney(value, s.currency) : numberText(value / 100, 2);
    case "hours":
      return `${numberText(value, 2)} h`;
    case "percent":
      return `${numberText(value, 1)} %`;
    default:
      return numberText(value, 0);
  }
}

/** The value a chart plots: money in whole units of its currency (minor units / 10^digits). */
export function plotValue(value: number, s: Pick<StatisticsSeries, "unit" | "currency">): number {
  if (s.unit !== "money") return value;
  return value / 10 ** (s.currency ? minorUnitsOf(s.currency) : 2);
}

/** A short axis tick: 1,200 → "1.2k", 3,400,000 → "3.4M". */
export function tickText(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${Number((value / 1_000_000).toFixed(1))}M`;
  if (abs >= 10_000) return `${Number((value / 1000).toFixed(1))}k`;
  return String(Number(value.toFixed(2)));
}

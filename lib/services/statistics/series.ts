import type { Statistics, StatisticsSeries, StatisticsUnit } from "./types";

/** Building the answers: values aligned to the labels, money per currency, top 10 + "Other". */

export const TOP = 10;
export const OTHER = "Other";

/** One value per label from rows keyed by label (absent labels are 0). */
export function alignTo(
  labels: string[],
  rows: Iterable<{ label: string; value: number }>,
): number[] {
  const at = new Map(labels.map((l, i) => [l, i]));
  const values = labels.map(() => 0);
  for (const r of rows) {
    const i = at.get(r.label);
    if (i !== undefined) values[i] += r.value;
  }
  return values;
}

export const sortedCurrencies = (rows: Iterable<{ currency: string }>) =>
  [...new Set([...rows].map((r) => r.currency.trim()))].sort();

export function series(
  name: string,
  values: number[],
  unit: StatisticsUnit,
  extra: Partial<Pick<StatisticsSeries, "currency" | "stack">> = {},
): StatisticsSeries {
  return { name, values, unit, ...extra };
}

/** A category (client, worker) with one number per series name. */
export interface Category {
  key: string;
  label: string;
  values: Map<string, number>;
}

/**
 * The top 10 categories by `rank` (largest first, then by label), the rest summed per series
 * into "Other"; then one series per name in `names` order.
 */
export function topCategories(
  categories: Category[],
  rank: (c: Category) => number[],
  names: { name: string; unit: StatisticsUnit; currency?: string; stack?: string }[],
): Statistics {
  const sorted = [...categories].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
      const d = (rb[i] ?? 0) - (ra[i] ?? 0);
      if (d) return d;
    }
    return a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
  });
  const shown = sorted.slice(0, TOP);
  const rest = sorted.slice(TOP);
  const rows = rest.length
    ? [
        ...shown,
        {
          key: OTHER,
          label: OTHER,
          values: rest.reduce((acc, c) => {
            for (const [k, v] of c.values) acc.set(k, (acc.get(k) ?? 0) + v);
            return acc;
          }, new Map<string, number>()),
        },
      ]
    : shown;
  return {
    labels: rows.map((c) => c.label),
    series: names.map((n) => {
      const values = rows.map((c) => c.values.get(n.name) ?? 0);
      return {
        name: n.name,
        values: n.unit === "hours" ? values.map((v) => Math.round(v * 100) / 100) : values,
        unit: n.unit,
        ...(n.currency ? { currency: n.currency } : {}),
        ...(n.stack ? { stack: n.stack } : {}),
      };
    }),
  };
}

/** Adds `value` to a category's series, creating the category on first sight. */
export function addTo(
  into: Map<string, Category>,
  key: string,
  label: string,
  name: string,
  value: number,
) {
  const c = into.get(key) ?? { key, label, values: new Map<string, number>() };
  c.values.set(name, (c.values.get(name) ?? 0) + value);
  into.set(key, c);
}

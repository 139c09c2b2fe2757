import { sideBySide } from "@/db";
import { toMinorUnits } from "@/lib/domain/pricing";
import type { Ctx } from "../context";
import { statisticsScope, type StatisticsFilter } from "./filter";
import { costsByCompany, costsByLabel, salaryByCompany, salaryByLabel } from "./money";
import { approvedRevenue, type PricedHours } from "./revenue-pricing";
import { addTo, alignTo, series, sortedCurrencies, topCategories, type Category } from "./series";
import { standardOrLive } from "./standard-answers";
import type { Statistics } from "./types";

/**
 * /insights/earnings (can_view_earning_statistics). Money in minor units, one series per
 * currency, never added across currencies. Revenue is the client price of approved hours
 * (revenue-pricing.ts, the projection's pricing); worker cost the salary lines; expenses the
 * additional job costs.
 */

/** Sums exact minor-unit minutes per key and rounds each sum once (as the projection does). */
function roundedSums<T>(rows: T[], key: (r: T) => string, exact: (r: T) => number) {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + exact(r));
  return new Map([...sums].map(([k, v]) => [k, toMinorUnits(v)]));
}

const SEP = "\u0000";

/**
 * Revenue per client and currency, each sum rounded once (as roundedSums), keyed by the client's
 * id: a year of every client is ~500 entries at full scale, no longer a text key made and split
 * again for each.
 */
function revenuePerClient(priced: PricedHours[]) {
  const clients = new Map<number, { name: string; sums: Map<string, number> }>();
  for (const r of priced) {
    const c = clients.get(r.companyId) ?? { name: r.companyName, sums: new Map<string, number>() };
    c.sums.set(r.currency, (c.sums.get(r.currency) ?? 0) + r.exact);
    clients.set(r.companyId, c);
  }
  for (const c of clients.values())
    for (const [currency, exact] of c.sums) c.sums.set(currency, toMinorUnits(exact));
  return clients;
}

/**
 * GET statistics/revenue: the client price of the approved hours per day or month, one series
 * "Revenue (DKK)" per currency. A client contact (with the permission) its own company's.
 */
export async function revenue(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "revenue");
  const priced = await approvedRevenue(ctx.db, filter, "label");
  const sums = roundedSums(
    priced,
    (r) => `${r.currency}${SEP}${r.label}`,
    (r) => r.exact,
  );
  return {
    labels: filter.labels,
    series: sortedCurrencies(priced).map((currency) =>
      series(
        `Revenue (${currency})`,
        alignTo(
          filter.labels,
          filter.labels.map((label) => ({
            label,
            value: sums.get(`${currency}${SEP}${label}`) ?? 0,
          })),
        ),
        "money",
        { currency },
      ),
    ),
  };
}

/**
 * GET statistics/client-revenue: revenue per client over the range, the top 10 clients (by
 * revenue, currencies in code order) then "Other"; one series per currency.
 */
export async function clientRevenue(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "revenue");
  return standardOrLive(ctx, "client-revenue", filter, clientRevenueOf);
}

/** client-revenue computed for a scoped filter (live, and the background round's answer). */
export async function clientRevenueOf(ctx: Ctx, filter: StatisticsFilter): Promise<Statistics> {
  const priced = await approvedRevenue(ctx.db, filter, "client");
  const currencies = sortedCurrencies(priced);
  const cats = new Map<string, Category>();
  for (const [id, c] of revenuePerClient(priced))
    for (const [currency, value] of c.sums)
      addTo(cats, String(id), c.name, `Revenue (${currency})`, value);
  const seriesNames = currencies.map((currency) => ({
    name: `Revenue (${currency})`,
    unit: "money" as const,
    currency,
  }));
  return topCategories(
    [...cats.values()],
    (c) => seriesNames.map((s) => c.values.get(s.name) ?? 0),
    seriesNames,
  );
}

/**
 * GET statistics/client-margins: per client and currency its revenue, its costs (salary lines +
 * additional costs) and margin = revenue − costs; top 10 clients by revenue, then "Other".
 * The office only (a client contact 403).
 */
export async function clientMargins(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "office");
  return standardOrLive(ctx, "client-margins", filter, clientMarginsOf);
}

/**
 * client-margins computed for a scoped filter (live, and the background round's answer): the
 * same for every caller the office scope lets through, so one stored answer serves them all.
 */
export async function clientMarginsOf(ctx: Ctx, filter: StatisticsFilter): Promise<Statistics> {
  const [priced, salaries, costs] = await sideBySide(
    ctx.db,
    () => approvedRevenue(ctx.db, filter, "client"),
    () => salaryByCompany(ctx.db, filter),
    () => costsByCompany(ctx.db, filter),
  );
  const cats = new Map<string, Category>();
  const currencies = new Set<string>();
  for (const [id, c] of revenuePerClient(priced))
    for (const [currency, value] of c.sums) {
      currencies.add(currency);
      addTo(cats, String(id), c.name, `Revenue (${currency})`, value);
      addTo(cats, String(id), c.name, `Margin (${currency})`, value);
    }
  for (const r of [...salaries, ...costs]) {
    const currency = r.currency.trim();
    currencies.add(currency);
    const company = String(r.companyId);
    addTo(cats, company, r.companyName, `Costs (${currency})`, r.amount);
    addTo(cats, company, r.companyName, `Margin (${currency})`, -r.amount);
  }
  const sorted = [...currencies].sort();
  const names = sorted.flatMap((currency) =>
    ["Revenue", "Costs", "Margin"].map((what) => ({
      name: `${what} (${currency})`,
      unit: "money" as const,
      currency,
    })),
  );
  return topCategories(
    [...cats.values()],
    (c) => sorted.map((cur) => c.values.get(`Revenue (${cur})`) ?? 0),
    names,
  );
}

/**
 * GET statistics/worker-earnings: what the salary lines pay workers per day or month, per
 * currency, paid and not yet paid stacked ("Paid (DKK)", "Unpaid (DKK)"). The office only.
 */
export async function workerEarnings(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "office");
  const rows = await salaryByLabel(ctx.db, filter);
  return {
    labels: filter.labels,
    series: sortedCurrencies(rows).flatMap((currency) =>
      [true, false].map((paid) =>
        series(
          `${paid ? "Paid" : "Unpaid"} (${currency})`,
          alignTo(
            filter.labels,
            rows
              .filter((r) => r.currency.trim() === currency && r.paid === paid)
              .map((r) => ({ label: r.label, value: r.amount })),
          ),
          "money",
          { currency, stack: currency },
        ),
      ),
    ),
  };
}

/**
 * GET statistics/consolidated-expenses: salaries (salary lines) vs additional expenses per day
 * or month, stacked per currency ("Salaries (DKK)", "Additional expenses (DKK)"). The office only.
 */
export async function consolidatedExpenses(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "office");
  const [salaries, costs] = await sideBySide(
    ctx.db,
    () => salaryByLabel(ctx.db, filter),
    () => costsByLabel(ctx.db, filter),
  );
  const pick = (rows: { label: string; currency: string; amount: number }[], currency: string) =>
    alignTo(
      filter.labels,
      rows
        .filter((r) => r.currency.trim() === currency)
        .map((r) => ({ label: r.label, value: r.amount })),
    );
  return {
    labels: filter.labels,
    series: sortedCurrencies([...salaries, ...costs]).flatMap((currency) => [
      series(`Salaries (${currency})`, pick(salaries, currency), "money", {
        currency,
        stack: currency,
      }),
      series(`Additional expenses (${currency})`, pick(costs, currency), "money", {
        currency,
        stack: currency,
      }),
    ]),
  };
}

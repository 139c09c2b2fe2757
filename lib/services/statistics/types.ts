/**
 * The answer of every statistics call (spec §3 Statistics: "labels and values"), shared by the
 * REST adapters and the /insights screens. One series per line or bar group; money series carry
 * their currency and are never added across currencies (amounts in minor units).
 */
export type StatisticsUnit = "count" | "hours" | "money" | "percent";

export interface StatisticsSeries {
  /** Legend text, e.g. "Jobs", "Revenue (NOK)", "Salaries (DKK)". */
  name: string;
  /** One value per label; money in minor units, hours as decimal hours (2 places). */
  values: number[];
  unit: StatisticsUnit;
  /** ISO 4217 code, set on money series only. */
  currency?: string;
  /** Series sharing a stack id are drawn stacked (e.g. salaries vs additional expenses). */
  stack?: string;
}

export interface Statistics {
  /** Category axis: months ("2026-10"), clients, workers… in display order. */
  labels: string[];
  series: StatisticsSeries[];
  /**
   * When the answer was computed (ISO time), set only on an answer stored by the background
   * round (the per-worker and client charts' standard periods, lib/services/statistics/standard-answers.ts);
   * absent on an answer computed for the call.
   */
  as_of?: string;
}

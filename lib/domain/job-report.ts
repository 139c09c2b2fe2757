/**
 * The client's job report (issue 24, spec §7 `jobs/{id}/report`, §9 files): what its file is
 * called and how one line of approved hours is priced. Pure; the data comes from
 * lib/services/jobs/report.ts and the workbook from report-xlsx.ts.
 */
import { costOf, toMinorUnits, type Band, type RateBands } from "./pricing";
import { toLocal } from "./time";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Characters no file system or mail client mangles: letters, digits, space, . _ - ( ) & +. */
export function safeFileNamePart(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._\-()&+]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/_+/g, "_")
    .trim()
    .replace(/^[.\s_]+|[.\s_]+$/g, "")
    .slice(0, 80);
}

/**
 * `<date>_<company>_<job name>.xlsx`, the date the job's first day in its zone (YYYY-MM-DD);
 * a job without shifts has no date part.
 */
export function jobReportFileName(
  firstStart: Date | null,
  timeZone: string,
  company: string,
  jobName: string,
): string {
  const l = firstStart ? toLocal(firstStart, timeZone) : null;
  const date = l ? `${pad(l.year, 4)}-${pad(l.month)}-${pad(l.day)}` : null;
  const parts = [date, safeFileNamePart(company), safeFileNamePart(jobName)].filter(Boolean);
  return `${parts.join("_") || "job-report"}.xlsx`;
}

/** The hourly client price of each band (a null weekend or night price is the standard one). */
export const bandPrices = (rate: RateBands): Record<Band, number> => ({
  standard: rate.standard,
  weekend: rate.weekend ?? rate.standard,
  night: rate.night ?? rate.standard,
});

/** One line's amount in minor units: its band minutes at the client rate, rounded once. */
export const lineAmount = (minutes: Record<Band, number>, rate: RateBands): number =>
  toMinorUnits(costOf(minutes, rate));

/** Sums amounts per currency, never across currencies; in the order the currencies come. */
export function totalsByCurrency(
  amounts: { currency: string; amount: number }[],
): { currency: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const a of amounts) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.amount);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * Names of salary exports (issue 24): the file for the bank or payroll system is named with its
 * period and place, e.g. `Salary-2026-10-Copenhagen.xlsx` for a whole month and
 * `Salary-2026-10-05_2026-10-20-Copenhagen.xlsx` otherwise.
 */

import { periodLabel } from "./salary";

const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** "2026-10" for a whole calendar month, else "2026-10-05_2026-10-20" (dates as YYYY-MM-DD). */
export function exportPeriodPart(from: string, to: string): string {
  const [y, m, d] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  if (y === ty && m === tm && d === 1 && td === lastDayOf(y, m)) return from.slice(0, 7);
  return `${from}_${to}`;
}

/** Letters (any script) and digits of a place name, words joined by dashes: "São-Paulo". */
const placePart = (place: string) =>
  place
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "") || "Salary";

/** `Salary-<period>-<place>.xlsx` */
export function salaryExportFileName(from: string, to: string, place: string): string {
  return `Salary-${exportPeriodPart(from, to)}-${placePart(place)}.xlsx`;
}

/** The queue's singleton key of an export of one period and scope. */
export function salaryExportKey(s: {
  from: string;
  to: string;
  branchId: number | null;
  countryId: number | null;
}): string {
  const scope = s.branchId !== null ? `branch:${s.branchId}` : `country:${s.countryId}`;
  return `salary-export:${s.from}..${s.to}:${scope}`;
}

/** File names keep letters (any script), digits, spaces, dots and dashes. */
const safeFileName = (s: string) =>
  s
    .replace(/[^\p{L}\p{N} .-]+/gu, "")
    .replace(/\s+/g, " ")
    .trim();

/** "Pay slip October 2026 - William Berg.pdf" (period already worded, see periodLabel). */
export function paySlipFileName(period: string, worker: string): string {
  return `${safeFileName(`Pay slip ${period} - ${worker}`)}.pdf`;
}

/** "Pay slips October 2026 - Copenhagen.zip": every pay slip of a period and place. */
export function paySlipsZipFileName(from: string, to: string, place: string): string {
  return `${safeFileName(`Pay slips ${periodLabel(from, to)} - ${place}`)}.zip`;
}

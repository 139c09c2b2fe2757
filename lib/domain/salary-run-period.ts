/**
 * The period and scope of a salary run (issue 24): local dates of the shifts, inclusive, for one
 * branch or one country. Two runs of the same period and scope never run at once; the key
 * names that pair for the queue's singleton and for the refusal.
 */
export const SALARY_PERIOD_MAX_DAYS = 366;

export interface SalaryRunScope {
  from: string;
  to: string;
  branchId: number | null;
  countryId: number | null;
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** What is wrong with a period (dates as YYYY-MM-DD, already real dates), or null. */
export function salaryPeriodProblem(from: string, to: string): string | null {
  if (to < from) return "The period must end on or after its first day.";
  if (dayNumber(to) - dayNumber(from) + 1 > SALARY_PERIOD_MAX_DAYS)
    return `The period may span at most ${SALARY_PERIOD_MAX_DAYS} days.`;
  return null;
}

/** "salary-run:2026-11-01..2026-11-30:branch:3" — one key per period and scope. */
export function salaryRunKey(s: SalaryRunScope): string {
  const scope = s.branchId !== null ? `branch:${s.branchId}` : `country:${s.countryId}`;
  return `salary-run:${s.from}..${s.to}:${scope}`;
}

/** "01/11/2026–30/11/2026" (spec §9 dates). */
export function formatPeriod(from: string, to: string): string {
  const dmy = (iso: string) => iso.split("-").reverse().join("/");
  return `${dmy(from)}–${dmy(to)}`;
}

import type { ApplicationStatus } from "./statuses";

/** The crew roster (issue 25): which applications it lists, and its limits. */

/** The longest date range one roster covers, in days (inclusive). */
export const ROSTER_MAX_DAYS = 366;

/** The download's file name (spec §9: "roster Crew-roster"). */
export const ROSTER_FILENAME = "Crew-roster.xlsx";

/** What the screens show on a 404 and on any other failure (spec §8, kept exactly). */
export const ROSTER_NO_DATA = "No data found for the selected date range";
export const ROSTER_FAILED = "An error occurred while downloading the file. Please try again.";

/**
 * The people a roster lists, in the order a slot shows them: those holding a place (booked,
 * accepted, working or done), those asked for (requested) and the reserves. Applicants not yet
 * chosen and the denied are not on the crew.
 */
export const ROSTER_STATUSES = [
  "Booked",
  "Request accepted",
  "Report!",
  "Reported",
  "Approved",
  "Requested",
  "Reserve",
] as const satisfies readonly ApplicationStatus[];

const STATUS_WORDS: Record<(typeof ROSTER_STATUSES)[number], string> = {
  Booked: "Booked",
  "Request accepted": "Request accepted",
  "Report!": "Hours to report",
  Reported: "Hours reported",
  Approved: "Hours approved",
  Requested: "Requested",
  Reserve: "Reserve",
};

/** A roster status in words ("Report!" → "Hours to report"). */
export const rosterStatusWord = (status: ApplicationStatus): string =>
  (STATUS_WORDS as Record<string, string>)[status] ?? status;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** What is wrong with a roster range (real YYYY-MM-DD dates), or null. */
export function rosterRangeProblem(start: string, end: string): string | null {
  if (end < start) return "The end date must be on or after the start date.";
  if (dayNumber(end) - dayNumber(start) + 1 > ROSTER_MAX_DAYS)
    return `The date range may span at most ${ROSTER_MAX_DAYS} days (one year).`;
  return null;
}

const SHEET_MAX = 31;

/** A name Excel accepts for a sheet: no []:*?/\, not blank, no ' (’ instead). */
function sheetBase(name: string, fallback: string): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/[[\]:*?/\\]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim()
    // Print titles name the sheet in quotes; a typographic apostrophe needs no escaping.
    .replace(/'/g, "’");
  const base = /[\p{L}\p{N}]/u.test(clean) ? clean : fallback;
  // "History" is reserved by Excel.
  return base.toLowerCase() === "history" ? `${base} (job)` : base;
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair, then trims the end. */
function cut(text: string, max: number): string {
  let out = text.slice(0, max);
  if (/[\ud800-\udbff]$/.test(out)) out = out.slice(0, -1);
  return out.replace(/[\s']+$/, "");
}

/**
 * One sheet name per job, in order: the job's name made legal, at most 31 characters, and
 * unique (Excel compares names without case) by a " (2)", " (3)" … suffix.
 */
export function rosterSheetNames(jobs: { id: number; name: string }[]): string[] {
  const used = new Set<string>();
  return jobs.map((job) => {
    const base = cut(sheetBase(job.name, `Job ${job.id}`), SHEET_MAX) || `Job ${job.id}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${cut(base, SHEET_MAX - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** This month's first and last day (YYYY-MM-DD, the browser's calendar): spec §9's default range. */
export function thisMonth(): { start: string; end: string } {
  const now = new Date();
  const y = now.getFullYear();
  const m = now.getMonth();
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return { start: iso(new Date(y, m, 1)), end: iso(new Date(y, m + 1, 0)) };
}

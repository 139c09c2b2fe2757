// Values exactly as spec §4 writes them; they travel like this in the API (DESIGN.md §4).
export const JOB_STATUSES = [
  "Draft",
  "Published",
  "Cancelled",
  "Report!",
  "Reported",
  "Approved",
  "Invoiced",
  "Paid",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const APPLICATION_STATUSES = [
  "Applied",
  "Reserve",
  "Requested",
  "Denied",
  "Request accepted",
  "Request denied",
  "Booked",
  "Report!",
  "Reported",
  "Approved",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Statuses that hold one of a slot's positions (capacity rule, DESIGN.md §5). */
export const FILLED_STATUSES = [
  "Booked",
  "Request accepted",
  "Report!",
  "Reported",
  "Approved",
] as const satisfies readonly ApplicationStatus[];

export const isFilled = (status: ApplicationStatus): boolean =>
  (FILLED_STATUSES as readonly string[]).includes(status);

/** A path parameter may carry the lower-case slug: "report" → "Report!", "request-accepted". */
export const statusSlug = (status: string): string =>
  status.toLowerCase().replace(/!/g, "").trim().replace(/\s+/g, "-");

export function statusFromSlug<T extends string>(all: readonly T[], value: string): T | null {
  const exact = all.find((s) => s === value);
  if (exact) return exact;
  const slug = statusSlug(value);
  return all.find((s) => statusSlug(s) === slug) ?? null;
}

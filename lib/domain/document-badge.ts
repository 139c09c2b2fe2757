import { expiryState, type DocumentStatus } from "./documents";

/**
 * What a document's badge says to its owner and the office (issue 11): its review state,
 * unless time has overtaken it. A date in the past beats every state but declined; an
 * approved document within its type's warning period is "expiring" with the days left.
 */
export type DocumentBadge = "pending" | "approved" | "declined" | "expired" | "expiring";

/** Whole days from `from` to `to` (calendar days, YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const utc = (d: string) => {
    const [y, m, day] = d.split("-").map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export function documentBadge(
  doc: { status: DocumentStatus; expiresOn: string | null },
  warningMonths: number,
  today: string,
): { badge: DocumentBadge; daysLeft: number | null } {
  const daysLeft = doc.expiresOn ? daysBetween(today, doc.expiresOn) : null;
  if (doc.status === "declined") return { badge: "declined", daysLeft };
  const state = expiryState(doc.expiresOn, warningMonths, today);
  if (state === "expired") return { badge: "expired", daysLeft };
  if (doc.status === "pending") return { badge: "pending", daysLeft };
  return { badge: state === "expiring" ? "expiring" : "approved", daysLeft };
}

/** "Expires today", "Expires in 1 day", "Expired 3 days ago". */
export function expiryText(daysLeft: number): string {
  if (daysLeft === 0) return "Expires today";
  if (daysLeft > 0) return `Expires in ${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
  const ago = -daysLeft;
  return `Expired ${ago} ${ago === 1 ? "day" : "days"} ago`;
}

/** A calendar day (YYYY-MM-DD) in the spec's date format, DD/MM/YYYY. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * The life of a document (spec §4 "Document: approved or declined", issue 11): the office
 * approves or declines an upload; past its expiry date an approved document counts as
 * missing, and within its type's warning period it is "expiring". Dates are calendar days
 * (YYYY-MM-DD): a document is valid through its expiry date.
 */
import { toLocal } from "./time";

export type DocumentStatus = "pending" | "approved" | "declined";
export type ExpiryState = "none" | "valid" | "expiring" | "expired";

/** The day from which the user and the office are warned: `warningMonths` before expiry. */
export function warnFrom(expiresOn: string, warningMonths: number): string {
  const [y, m, d] = expiresOn.split("-").map(Number);
  const months = y * 12 + (m - 1) - Math.max(0, warningMonths);
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  // 31 March minus one month is the last day of February, not 3 March.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export function expiryState(
  expiresOn: string | null,
  warningMonths: number,
  today: string,
): ExpiryState {
  if (!expiresOn) return "none";
  if (expiresOn < today) return "expired";
  if (today >= warnFrom(expiresOn, warningMonths)) return "expiring";
  return "valid";
}

/** Counts toward "has valid documents": approved and not past its expiry date. */
export function isValidDocument(
  doc: { status: DocumentStatus; expiresOn: string | null },
  today: string,
): boolean {
  return doc.status === "approved" && (doc.expiresOn === null || doc.expiresOn >= today);
}

/** Today as a calendar day in a time zone (the agency's, for sweeps; the viewer's on screens). */
export function todayIn(now: Date, timeZone: string): string {
  // The zone's formatter is built once (time.ts): a list asks this on every call.
  const l = toLocal(now, timeZone);
  return `${l.year}-${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
}

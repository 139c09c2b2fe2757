import { checkInOpensAt } from "@/lib/domain/attendance";
import { formatDate, formatTime } from "@/lib/domain/format";

/**
 * When a worker may check in on a booked shift: from six hours before it starts (travel,
 * early call times) until it ends. Pure, so the screen and the verb agree to the second; the
 * constants are in lib/domain/attendance.ts with the other attendance rules.
 */
export { CHECK_IN_OPENS_BEFORE_MS, checkInOpensAt } from "@/lib/domain/attendance";

export type CheckInWindow = "early" | "open" | "ended";

export function checkInWindow(now: Date, startsAt: Date, endsAt: Date): CheckInWindow {
  if (now.getTime() >= endsAt.getTime()) return "ended";
  if (now.getTime() < checkInOpensAt(startsAt).getTime()) return "early";
  return "open";
}

/** The 409 message for a check-in outside the window, or null inside it. */
export function checkInRefusal(
  now: Date,
  startsAt: Date,
  endsAt: Date,
  timeZone: string,
): string | null {
  const w = checkInWindow(now, startsAt, endsAt);
  if (w === "ended") return "This shift has ended.";
  if (w === "early") {
    const opens = checkInOpensAt(startsAt);
    return `Check-in opens at ${formatTime(opens, timeZone)} on ${formatDate(opens, timeZone)}.`;
  }
  return null;
}

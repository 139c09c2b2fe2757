/**
 * Lateness of a check-in (issue 9): how many whole minutes after the shift's start a worker
 * checked in. Pure, so the dashboard, the roster and the approvals screen read it alike.
 */
const MINUTE = 60_000;

/** Minutes between the start and a later check-in, rounded down; 0 when on time or early. */
export function lateMinutes(startsAt: Date, checkedInAt: Date): number {
  const diff = checkedInAt.getTime() - startsAt.getTime();
  if (!Number.isFinite(diff) || diff <= 0) return 0;
  return Math.floor(diff / MINUTE);
}

/** "late by 0:43" (hours:minutes, as durations are written); "" when not late. */
export function formatLate(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "";
  const whole = Math.floor(minutes);
  return `late by ${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A booked worker counts as not checked in once this long after the start has passed. */
export const CHECK_IN_GRACE_MINUTES = 15;

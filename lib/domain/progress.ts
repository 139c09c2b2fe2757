/** Progress of background work (salary runs, exports) as a screen shows it. */
export type ProgressStatus = "queued" | "running" | "done" | "failed";

/**
 * Whole percent 0–100: 100 once done (a run with nothing to do is complete, not at 0 %), 0 while
 * the total is unknown, never above 100 (a total that shrank mid-run), rounded down so the bar
 * reaches 100 only when the work has.
 */
export function percentOf(status: ProgressStatus, done: number, total: number): number {
  if (status === "done") return 100;
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(99, Math.floor((done * 100) / total));
}

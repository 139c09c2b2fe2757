/**
 * How a salary run cuts its workers into batches (issue 24): each batch is one transaction that
 * reads, prices and writes its workers' lines, so its size bounds what the run holds in memory
 * and how long progress waits between two reports.
 */

export interface RunBatchLimits {
  /** Workers per batch at most. */
  workers: number;
  /** Reports of hours per batch at most (a worker's are never split). */
  hours: number;
}

/**
 * 200 workers or 500 reports a batch: constant memory whatever the number of shifts per worker,
 * and progress at least every second (the bench's 2,000 workers × 20 shifts on a loaded 2-core
 * machine: a batch of 500 lines takes about half a second there).
 */
export const RUN_BATCH_LIMITS: RunBatchLimits = { workers: 200, hours: 500 };

/**
 * The workers (in the order given) in batches of at most `limits.workers` workers and
 * `limits.hours` reports; a worker with more reports than that is a batch of its own.
 */
export function runBatches(
  workers: readonly { userId: number; hours: number }[],
  limits: RunBatchLimits = RUN_BATCH_LIMITS,
): number[][] {
  const batches: number[][] = [];
  let batch: number[] = [];
  let hours = 0;
  for (const w of workers) {
    if (batch.length && (batch.length >= limits.workers || hours + w.hours > limits.hours)) {
      batches.push(batch);
      batch = [];
      hours = 0;
    }
    batch.push(w.userId);
    hours += w.hours;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

import "server-only";
import type { Db } from "@/db";
import type { MissingRate } from "./approved-hours";
import { buildSalaryRun as buildLines } from "./lines";

/** "No worker rate for Stagehand: Ida Pedersen, Mads Nielsen" — one problem of a finished run. */
export const missingRateProblem = (m: MissingRate): string =>
  `${m.zero ? "Zero worker rate" : "No worker rate"} for ${m.skill}: ${m.workers
    .map((w) => w.name)
    .join(", ")}`;

/**
 * The salary run's work for the background job (run-job.ts): builds the run's lines in batches
 * (lines.ts) and names, in words, the hours it could not price.
 */
export async function buildSalaryRun(
  db: Db,
  runId: number,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<{ workers: number; lines: number; errors: string[] }> {
  const r = await buildLines(db, runId, onProgress);
  return { workers: r.workers, lines: r.lines, errors: r.missing.map(missingRateProblem) };
}

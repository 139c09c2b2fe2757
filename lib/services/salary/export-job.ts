import "server-only";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { putFileFrom } from "@/lib/files/storage";
import { contentTypeOfKey } from "@/lib/files/keys";
import { registerHandler, workerName, type QueuedJob } from "@/lib/jobs/queue";
import { finishMonitor, progressWriter, startMonitor } from "../progress/monitors";
import { exportFormatOfKey, SALARY_EXPORT_KIND } from "./export";
import { writeSalaryExportXlsx } from "./export-xlsx";
import { writePaySlipsZip } from "./slip";

/** One attempt may run this long; past it (a killed server) pg-boss hands the job out again. */
export const SALARY_EXPORT_EXPIRE_SECONDS = 10 * 60;
export const SALARY_EXPORT_RETRIES = 2;

type Write = typeof writeSalaryExportXlsx;
/** Writes an export whose file is a .zip: every pay slip of the period (slip.ts). */
type WriteZip = (...args: Parameters<Write>) => Promise<{ lines: number; slips: number }>;
export interface SalaryExportJob {
  exportId: number;
  monitorId: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The job of kind "salary-export": takes the export's monitor (queued, or running after a
 * restart: it starts over and overwrites the same file), writes the .xlsx — or, for an export
 * whose key ends in .zip, every pay slip as a ZIP (progress per batch of workers) — to a
 * temporary file, stores it under the export's key and ends the monitor done (with what was
 * written) or failed in words. A monitor already done or failed (a late duplicate) is left
 * alone.
 */
export async function runSalaryExportJob(
  db: Db,
  job: SalaryExportJob,
  write: Write = writeSalaryExportXlsx,
  writeZip: WriteZip = writePaySlipsZip,
): Promise<void> {
  const ex = schema.salaryExports;
  const taken = await db.transaction(async (tx) => {
    const [m] = await tx
      .select({ status: schema.progressMonitors.status })
      .from(schema.progressMonitors)
      .where(eq(schema.progressMonitors.id, job.monitorId))
      .for("update");
    if (!m || m.status === "done" || m.status === "failed") return null;
    const [row] = await tx
      .select({ e: ex, branch: schema.branches.name, country: schema.countries.name })
      .from(ex)
      .leftJoin(schema.branches, eq(schema.branches.id, ex.branchId))
      .leftJoin(schema.countries, eq(schema.countries.id, ex.countryId))
      .where(eq(ex.id, job.exportId));
    if (!row) {
      await finishMonitor(tx, job.monitorId, { status: "failed", message: "The export is gone." });
      return null;
    }
    await startMonitor(tx, job.monitorId, workerName());
    return row;
  });
  if (!taken) return;
  const progress = progressWriter(db, job.monitorId);
  const dir = await mkdtemp(path.join(os.tmpdir(), "salary-export-"));
  const format = exportFormatOfKey(taken.e.storageKey);
  let lines: number | null = null;
  let slips = 0;
  let failure: string | null = null;
  try {
    const file = path.join(dir, `export.${format}`);
    const out = await (format === "zip" ? writeZip : write)(
      db,
      {
        periodFrom: taken.e.periodFrom,
        periodTo: taken.e.periodTo,
        branchId: taken.e.branchId,
        countryId: taken.e.countryId,
        place: taken.branch ?? taken.country ?? "",
      },
      file,
      progress.report,
    );
    await putFileFrom(taken.e.storageKey, file, contentTypeOfKey(taken.e.storageKey));
    lines = out.lines;
    slips = "slips" in out ? (out.slips as number) : 0;
  } catch (err) {
    console.error(`[salary] export ${job.exportId} failed`, err);
    const why = err instanceof Error && err.message ? ` (${err.message})` : "";
    failure =
      format === "zip"
        ? `The pay slips could not be written${why}. Start the ZIP again.`
        : `The export could not be written${why}. Export the period again.`;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
  await progress.flush();
  await db.transaction(async (tx) => {
    if (lines !== null) {
      await tx.update(ex).set({ lineCount: lines }).where(eq(ex.id, job.exportId));
      await finishMonitor(tx, job.monitorId, {
        status: "done",
        message:
          format === "zip"
            ? `Pay slips ready: ${plural(slips, "pay slip", "pay slips")} (${plural(lines, "salary line", "salary lines")}).`
            : `Export ready: ${plural(lines, "salary line", "salary lines")}.`,
      });
    } else await finishMonitor(tx, job.monitorId, { status: "failed", message: failure! });
  });
}

/** Registers the salary export with the queue (before startQueue). */
export function registerSalaryExportJob(
  getDb: () => Promise<Db>,
  write: Write = writeSalaryExportXlsx,
  writeZip: WriteZip = writePaySlipsZip,
) {
  registerHandler<SalaryExportJob>(
    SALARY_EXPORT_KIND,
    {
      expireInSeconds: SALARY_EXPORT_EXPIRE_SECONDS,
      retryLimit: SALARY_EXPORT_RETRIES,
      policy: "singleton",
    },
    async (job: QueuedJob<SalaryExportJob>) =>
      runSalaryExportJob(await getDb(), job.payload, write, writeZip),
  );
}

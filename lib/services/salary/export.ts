import "server-only";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { getFile } from "@/lib/files/storage";
import { contentTypeOfKey, newFileKey } from "@/lib/files/keys";
import { enqueue, unfinishedJobIds } from "@/lib/jobs/queue";
import { percentOf, type ProgressStatus } from "@/lib/domain/progress";
import { periodLabel } from "@/lib/domain/salary";
import {
  paySlipsZipFileName,
  salaryExportFileName,
  salaryExportKey,
} from "@/lib/domain/salary-export";
import { formatPeriod } from "@/lib/domain/salary-run-period";
import { logActivity } from "../activity";
import { actorId, requirePermission, withTx, type Ctx } from "../context";
import { ConflictError, NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { parseId } from "../params";
import { createMonitor, finishMonitor } from "../progress/monitors";
import { parseInput } from "../validate";
import { exportLinesWhere } from "./export-xlsx";
import { scopeName, startSalaryRunInput } from "./run-start";

/**
 * Salary exports (issue 24, POST salary/history): a period's salary lines for the bank or
 * payroll system as an .xlsx — or (POST salary/slips) every pay slip of the period as a ZIP —, written in the background (pg-boss, export-job.ts) with a progress
 * monitor, stored in the files port, listed newest first and downloadable again.
 *
 * An export takes every salary line of the period and scope, draft and paid (what the payroll
 * system books is the period's salary; the Status column says which are paid). The row of
 * `salary_exports` is written when the export starts (so the caller gets its id); its file
 * exists once its monitor is done — the list and the download read the monitor for that.
 */

export const SALARY_EXPORT_KIND = "salary-export" as const;

/** A monitor this old whose job is over without finishing it no longer blocks a new export. */
const ABANDONED_AFTER_MS = 60_000;
export const EXPORT_INTERRUPTED_MESSAGE =
  "The server stopped before this export was written. Export the period again.";

export interface StartedSalaryExport {
  export_id: number;
  monitor_id: number;
  status: "queued";
}

const ex = schema.salaryExports;
const pm = schema.progressMonitors;

/** The monitor of an export, joined by its payload (the table has no column for it). */
const monitorOfExport = and(
  eq(pm.kind, SALARY_EXPORT_KIND),
  sql`(${pm.payload}->>'export_id')::int = ${ex.id}`,
);

/** What an export writes: the salary lines as an .xlsx, or every pay slip as a ZIP of PDFs. */
export type SalaryExportFormat = "xlsx" | "zip";

/** An export's format, told by its stored file's extension (the table has no column for it). */
export const exportFormatOfKey = (key: string): SalaryExportFormat =>
  key.endsWith(".zip") ? "zip" : "xlsx";

/**
 * POST salary/history [salary_access]: starts the export of a period (from, to) for a branch or
 * a country (one of branch_id, country_id) and answers { export_id, monitor_id }. No salary
 * lines in the period: 404, nothing queued. An export of the same period and scope waiting or
 * running: 409 `salary_export_running` with its ids in `details`. The check, the row, the
 * monitor and the job are one transaction under a lock on the period and scope.
 */
export async function startSalaryExport(ctx: Ctx, raw: unknown): Promise<StartedSalaryExport> {
  requirePermission(ctx, "salary_access");
  return startExport(ctx, parseInput(startSalaryRunInput, raw ?? {}), "xlsx");
}

/**
 * POST salary/slips [salary_access]: the same background export, writing every pay slip of the
 * period and scope (one PDF per worker with salary lines there) into one ZIP in the files port;
 * listed with the other exports and downloaded through GET salary/history/{id}. Refusals as for
 * the .xlsx; a ZIP and an .xlsx of the same period do not block each other.
 */
export async function startPaySlipsExport(ctx: Ctx, raw: unknown): Promise<StartedSalaryExport> {
  requirePermission(ctx, "salary_access");
  return startExport(ctx, parseInput(startSalaryRunInput, raw ?? {}), "zip");
}

/** The start of either format, its input parsed and salary_access checked by the caller. */
export async function startExport(
  ctx: Ctx,
  input: { from: string; to: string; branch_id?: number | null; country_id?: number | null },
  format: SalaryExportFormat,
): Promise<StartedSalaryExport> {
  requirePermission(ctx, "salary_access");
  const scope = {
    from: input.from,
    to: input.to,
    branchId: input.branch_id ?? null,
    countryId: input.country_id ?? null,
  };
  const zip = format === "zip";
  const key = salaryExportKey(scope) + (zip ? ":zip" : "");
  const place = {
    from: scope.from,
    to: scope.to,
    branch_id: scope.branchId,
    country_id: scope.countryId,
  };
  // The .xlsx monitors keep the payload they always had; a ZIP's says so.
  const payload = zip ? { ...place, format } : place;
  return withTx(ctx, async (ctx) => {
    const where = await scopeName(ctx, scope);
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const period = formatPeriod(scope.from, scope.to);
    const what = zip ? "pay slips ZIP" : "salary export";
    const busy = await ctx.db
      .select({
        id: pm.id,
        status: pm.status,
        createdAt: pm.createdAt,
        exportId: sql<number | null>`(${pm.payload}->>'export_id')::int`,
        jobId: sql<string | null>`${pm.payload}->>'job_id'`,
        by: schema.users.name,
      })
      .from(pm)
      .leftJoin(schema.users, eq(schema.users.id, pm.createdById))
      .where(
        and(
          eq(pm.kind, SALARY_EXPORT_KIND),
          inArray(pm.status, ["queued", "running"]),
          sql`${pm.payload} @> ${JSON.stringify(place)}::jsonb`,
          sql`coalesce(${pm.payload}->>'format', 'xlsx') = ${format}`,
        ),
      )
      .orderBy(desc(pm.id))
      .for("update", { of: pm });
    const alive = await unfinishedJobIds(
      ctx.db,
      busy.flatMap((b) => (b.jobId ? [b.jobId] : [])),
    );
    for (const b of busy) {
      const abandoned =
        (!b.jobId || !alive.has(b.jobId)) &&
        b.createdAt.getTime() < ctx.now.getTime() - ABANDONED_AFTER_MS;
      if (abandoned) {
        // Its job is over (retries spent, or gone): it reads failed and blocks nothing.
        await finishMonitor(ctx.db, b.id, {
          status: "failed",
          message: EXPORT_INTERRUPTED_MESSAGE,
        });
        continue;
      }
      const state = b.status === "queued" ? "waiting to start" : "running";
      const err = new ConflictError(
        `The ${what} for ${period} (${where}) is already ${state}` +
          `${b.by ? `, started by ${b.by}` : ""}. Follow its progress or wait until it has finished.`,
        "salary_export_running",
      );
      err.details = { export_id: b.exportId, monitor_id: b.id };
      throw err;
    }
    const [{ n: lines }] = await ctx.db
      .select({ n: count() })
      .from(schema.salaryLines)
      .where(
        exportLinesWhere({
          periodFrom: scope.from,
          periodTo: scope.to,
          branchId: scope.branchId,
          countryId: scope.countryId,
        }),
      );
    if (!lines)
      throw new NotFoundError(
        `There are no salary lines for ${period} (${where}) to export. Run the salary for the period first.`,
      );
    const [row] = await ctx.db
      .insert(ex)
      .values({
        periodFrom: scope.from,
        periodTo: scope.to,
        branchId: scope.branchId,
        countryId: scope.countryId,
        fileName: zip
          ? paySlipsZipFileName(scope.from, scope.to, where)
          : salaryExportFileName(scope.from, scope.to, where),
        storageKey: newFileKey("salary-exports", format),
        lineCount: lines,
        createdById: actorId(ctx),
        createdAt: ctx.now,
      })
      .returning({ id: ex.id });
    const monitorId = await createMonitor(ctx.db, {
      kind: SALARY_EXPORT_KIND,
      payload: { ...payload, export_id: row.id },
      createdById: actorId(ctx),
    });
    // In this transaction: the job exists exactly when the export row and its monitor do.
    const jobId = await enqueue(
      ctx.db,
      SALARY_EXPORT_KIND,
      { exportId: row.id, monitorId },
      { singletonKey: key },
    );
    await ctx.db
      .update(pm)
      .set({ payload: { ...payload, export_id: row.id, job_id: jobId } })
      .where(eq(pm.id, monitorId));
    await logActivity(ctx, {
      logName: "salary",
      description: `${zip ? "Pay slips ZIP" : "Salary export"} started for ${period} (${where})`,
      subjectType: "salary_export",
      subjectId: row.id,
      properties: zip ? { ...place, lines, format } : { ...place, lines },
    });
    return { export_id: row.id, monitor_id: monitorId, status: "queued" as const };
  });
}

export interface SalaryExportRow {
  id: number;
  from: string;
  to: string;
  period: string;
  branch_id: number | null;
  country_id: number | null;
  /** The branch's or country's name. */
  scope: string;
  file_name: string;
  /** xlsx: the salary lines; zip: every pay slip of the period as PDFs. */
  format: SalaryExportFormat;
  lines: number;
  created_by: string | null;
  created_at: string;
  status: ProgressStatus;
  percent: number;
  monitor_id: number | null;
  /** What the export's monitor says (done: how many lines; failed: why). */
  message: string | null;
}

export const salaryExportListInput = pageInput(10);

/**
 * GET salary/history [salary_access]: every salary export, newest first, 10 a page, with who
 * started it, when, its period and scope, its lines and its state (a file is downloadable once
 * done). Two queries whatever the page size.
 */
export async function listSalaryExports(ctx: Ctx, raw: unknown): Promise<Page<SalaryExportRow>> {
  requirePermission(ctx, "salary_access");
  const { page, perPage } = parseInput(salaryExportListInput, raw ?? {});
  const [rows, [{ n: total }]] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          e: ex,
          by: schema.users.name,
          branch: schema.branches.name,
          country: schema.countries.name,
          monitorId: pm.id,
          status: pm.status,
          progress: pm.progress,
          total: pm.total,
          message: pm.message,
        })
        .from(ex)
        .leftJoin(schema.users, eq(schema.users.id, ex.createdById))
        .leftJoin(schema.branches, eq(schema.branches.id, ex.branchId))
        .leftJoin(schema.countries, eq(schema.countries.id, ex.countryId))
        .leftJoin(pm, monitorOfExport)
        .orderBy(desc(ex.createdAt), desc(ex.id))
        .limit(perPage)
        .offset(offsetOf(page, perPage)),
    () => ctx.db.select({ n: count() }).from(ex),
  );
  return {
    items: rows.map((r) => {
      // An export without a monitor (none is ever written so) reads as done if it has a file.
      const status = (r.status ?? "done") as ProgressStatus;
      return {
        id: r.e.id,
        from: r.e.periodFrom,
        to: r.e.periodTo,
        period: periodLabel(r.e.periodFrom, r.e.periodTo),
        branch_id: r.e.branchId,
        country_id: r.e.countryId,
        scope: r.branch ?? r.country ?? "",
        file_name: r.e.fileName,
        format: exportFormatOfKey(r.e.storageKey),
        lines: r.e.lineCount,
        created_by: r.by,
        created_at: r.e.createdAt.toISOString(),
        status,
        percent: percentOf(status, r.progress ?? 0, r.total ?? 0),
        monitor_id: r.monitorId,
        message: r.message,
      };
    }),
    meta: pageMeta(page, perPage, total),
  };
}

/**
 * GET salary/history/{id} [salary_access]: the stored file of an export (.xlsx or .zip), again. Not written
 * yet: 409 (try again when it is done); failed: 404 saying to export again; a bad id or none:
 * 404.
 */
export async function salaryExportFile(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ bytes: Uint8Array; filename: string; contentType: string }> {
  requirePermission(ctx, "salary_access");
  const id = parseId(rawId, "Salary export");
  const [row] = await ctx.db
    .select({ key: ex.storageKey, fileName: ex.fileName, status: pm.status })
    .from(ex)
    .leftJoin(pm, monitorOfExport)
    .where(eq(ex.id, id));
  if (!row) throw new NotFoundError("Salary export not found.");
  if (row.status === "queued" || row.status === "running")
    throw new ConflictError(
      "This export is still being written. Download it when it is done.",
      "salary_export_running",
    );
  if (row.status === "failed")
    throw new NotFoundError("This export failed and has no file. Export the period again.");
  const file = await getFile(row.key);
  if (!file)
    throw new NotFoundError("The file of this export is missing. Export the period again.");
  return {
    bytes: new Uint8Array(file.body),
    filename: row.fileName,
    contentType: contentTypeOfKey(row.key),
  };
}

/**
 * The branch's or country's name for the Export history tab's "Export period" (the filters give
 * ids); null when there is none such (the button then asks for a place). [salary_access]
 */
export async function salaryExportPlace(
  ctx: Ctx,
  place: { branch_id?: number; country_id?: number },
): Promise<string | null> {
  requirePermission(ctx, "salary_access");
  if (place.branch_id) {
    const [b] = await ctx.db
      .select({ name: schema.branches.name })
      .from(schema.branches)
      .where(and(eq(schema.branches.id, place.branch_id), isNull(schema.branches.deletedAt)));
    return b?.name ?? null;
  }
  if (place.country_id) {
    const [c] = await ctx.db
      .select({ name: schema.countries.name })
      .from(schema.countries)
      .where(eq(schema.countries.id, place.country_id));
    return c?.name ?? null;
  }
  return null;
}

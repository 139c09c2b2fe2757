import "server-only";
import { sideBySide } from "@/db";
import { PassThrough, Readable } from "node:stream";
import { minorUnitsOf } from "@/lib/domain/money";
import { toLocal } from "@/lib/domain/time";
import { workbookWriter } from "@/lib/files/workbook";
import type { Ctx } from "../context";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { perWorker, withParallelWorkers } from "./by-worker";
import { maySeeWorkerPay, statisticsScope, type StatisticsFilter } from "./filter";
import { salaryByUser } from "./money";
import { hoursOf } from "./sql";
import { storedDefaultFile } from "./standard-answers";

/**
 * GET statistics/workers (can_view_statistics): the /insights/workers figures as an .xlsx named
 * `Workers-statistics-YYYY-MM-DD.xlsx` (today, agency zone; a stored file adds `-as-of-HH-MM`,
 * when the round built it), one row per worker who filled a
 * place in the range (the filter of every statistics call): worker no., name, e-mail, phone,
 * jobs, shifts, approved and pending hours, then — for who may see worker pay
 * (can_view_earning_statistics, never a client contact) — the salary lines' earnings of the
 * range, one column per currency (never added across currencies). A client contact gets its own
 * company's jobs only.
 *
 * Two queries (the per-worker figures, the earnings), then the rows are streamed with exceljs's
 * streaming writer (each row committed as it is written). For the default period without a
 * company or branch filter the file the background round built (each variant) is sent while
 * fresh (standard-answers.ts): one read instead of ~2 s of queries and 0.5–1 s of writing at
 * scale.
 */

export const WORKER_COLUMNS = [
  "Worker no.",
  "Name",
  "Email",
  "Phone",
  "Jobs",
  "Shifts",
  "Approved hours",
  "Pending hours",
] as const;

export interface WorkersDownload {
  filename: string;
  stream: ReadableStream<Uint8Array>;
  /** The stored file's length; a live build's is not known before it ends. */
  size?: number;
}

const moneyFormat = (digits: number) => (digits ? `#,##0.${"0".repeat(digits)}` : "#,##0");

export async function workersXlsx(ctx: Ctx, raw: unknown): Promise<WorkersDownload> {
  const { actor, filter } = statisticsScope(ctx, raw, "general");
  const pay = maySeeWorkerPay(actor);
  const today = toLocal(ctx.now, AGENCY_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  const name = `Workers-statistics-${today.year}-${pad(today.month)}-${pad(today.day)}`;
  const stored = await storedDefaultFile(ctx, workersDownloadKey(pay), filter);
  if (stored) {
    // The stored file's figures are up to 5 minutes old: its name says when they were taken.
    const at = toLocal(stored.computedAt, AGENCY_TIME_ZONE);
    return {
      filename: `${name}-as-of-${pad(at.hour)}-${pad(at.minute)}.xlsx`,
      // Streamed from the files port as it is read, never whole in memory.
      stream: stored.stream,
      size: stored.size,
    };
  }
  return { filename: `${name}.xlsx`, stream: await workersWorkbook(ctx, filter, pay) };
}

/** The stored download's name per variant: with the earnings columns or without. */
export const workersDownloadKey = (pay: boolean) => (pay ? "workers-earnings" : "workers");

/**
 * The workbook of a scoped filter, with the earnings columns when `pay`: streamed to a live
 * call, streamed into the files port by the background round (answers-round.ts).
 */
export async function workersWorkbook(
  ctx: Ctx,
  filter: StatisticsFilter,
  pay: boolean,
): Promise<ReadableStream<Uint8Array>> {
  const [workers, earnings] = await sideBySide(
    ctx.db,
    () => withParallelWorkers(ctx, (ctx) => perWorker(ctx, filter)),
    () => (pay ? salaryByUser(ctx.db, filter) : Promise.resolve([])),
  );
  const currencies = [...new Set(earnings.map((e) => e.currency.trim()))].sort();
  const earned = new Map(earnings.map((e) => [`${e.userId}:${e.currency.trim()}`, e.amount]));
  workers.sort((x, y) => y.jobs - x.jobs || x.name.localeCompare(y.name) || x.userId - y.userId);

  const out = new PassThrough();
  const wb = await workbookWriter({ stream: out });
  const ws = wb.addWorksheet("Workers", { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = [
    ...WORKER_COLUMNS.map((header, i) => ({ header, width: [10, 26, 30, 16][i] ?? 12 })),
    ...currencies.map((c) => ({ header: `Earnings (${c})`, width: 16 })),
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const w of workers) {
    const row = ws.addRow([
      w.userId,
      w.name,
      w.email,
      w.phone ?? "",
      w.jobs,
      w.shifts,
      hoursOf(Number(w.approved)),
      hoursOf(Number(w.pending)),
      ...currencies.map((c) => (earned.get(`${w.userId}:${c}`) ?? 0) / 10 ** minorUnitsOf(c)),
    ]);
    row.getCell(7).numFmt = "0.00";
    row.getCell(8).numFmt = "0.00";
    currencies.forEach((c, i) => (row.getCell(9 + i).numFmt = moneyFormat(minorUnitsOf(c))));
    row.commit();
  }
  ws.commit();
  void wb.commit().catch((e: unknown) => out.destroy(e as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

import "server-only";
import type ExcelJS from "exceljs";
import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { formatTime } from "@/lib/domain/format";
import { minorUnitsOf } from "@/lib/domain/money";
import { periodLabel } from "@/lib/domain/salary";
import { workbookWriter } from "@/lib/files/workbook";
import { AGENCY_TIME_ZONE } from "../viewer-zone";

/**
 * The salary export for the bank or payroll system as an .xlsx (issue 24), written with
 * exceljs's streaming writer to a file: the lines are read in keyset batches and each row is
 * committed as it is added, so a period of 100,000 lines never sits in memory — only the totals
 * per worker and currency do.
 *
 * Bank details are written in full (IBAN, SWIFT/BIC, reg. no. and konto): the payroll system
 * pays from this file, so masked numbers would make it useless. The file is stored in the files
 * port and only handed out under salary_access (the same permission that starts it).
 */

export const EXPORT_BATCH = 2000;

/** The header of the Lines sheet; tests read cells by these. */
export const LINE_COLUMNS = [
  "Worker no.",
  "Worker",
  "Email",
  "IBAN",
  "SWIFT/BIC",
  "Reg. no.",
  "Konto",
  "Job",
  "Date",
  "Start",
  "End",
  "Skill",
  "Standard hours",
  "Weekend hours",
  "Night hours",
  "Standard rate",
  "Weekend rate",
  "Night rate",
  "Amount",
  "Currency",
  "Status",
  "Line id",
] as const;

/** The header of the Totals sheet (one block per currency, one row per worker, then its total). */
export const TOTAL_COLUMNS = [
  "Currency",
  "Worker no.",
  "Worker",
  "Email",
  "IBAN",
  "SWIFT/BIC",
  "Reg. no.",
  "Konto",
  "Lines",
  "Hours",
  "Amount",
] as const;

export interface ExportScope {
  periodFrom: string;
  periodTo: string;
  branchId: number | null;
  countryId: number | null;
  place: string;
}

const sl = schema.salaryLines;
const ps = schema.paymentSettings;

/** The scope's lines, whatever their status (draft or paid): the whole salary of the period. */
export function exportLinesWhere(s: Omit<ExportScope, "place">): SQL {
  return and(
    gte(sl.workDate, s.periodFrom),
    lte(sl.workDate, s.periodTo),
    s.branchId !== null ? eq(sl.branchId, s.branchId) : eq(sl.countryId, s.countryId!),
  )!;
}

const moneyFormat = (digits: number) => (digits ? `#,##0.${"0".repeat(digits)}` : "#,##0");
const HOURS = "0.00";
const units = (minor: number | null, digits: number) =>
  minor === null ? null : minor / 10 ** digits;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

interface WorkerTotal {
  currency: string;
  userId: number;
  name: string;
  email: string;
  bank: (string | null)[];
  lines: number;
  minutes: number;
  amount: number;
}

async function batch(
  db: DbOrTx,
  s: ExportScope,
  after: { u: number; d: string; id: number } | null,
) {
  return db
    .select({
      id: sl.id,
      userId: sl.userId,
      workDate: sl.workDate,
      startsAt: sl.startsAt,
      endsAt: sl.endsAt,
      currency: sl.currencyCode,
      standardMinutes: sl.standardMinutes,
      weekendMinutes: sl.weekendMinutes,
      nightMinutes: sl.nightMinutes,
      standardRate: sl.standardRate,
      weekendRate: sl.weekendRate,
      nightRate: sl.nightRate,
      amount: sl.amount,
      status: sl.status,
      name: schema.users.name,
      email: schema.users.email,
      iban: ps.iban,
      swift: ps.swift,
      reg: ps.reg,
      konto: ps.konto,
      job: schema.jobs.name,
      skill: schema.skills.name,
      timeZone: schema.countries.timeZone,
    })
    .from(sl)
    .innerJoin(schema.users, eq(schema.users.id, sl.userId))
    .leftJoin(ps, eq(ps.userId, sl.userId))
    .innerJoin(schema.skills, eq(schema.skills.id, sl.skillId))
    .leftJoin(schema.jobs, eq(schema.jobs.id, sl.jobId))
    .leftJoin(schema.countries, eq(schema.countries.id, sl.countryId))
    .where(
      and(
        exportLinesWhere(s),
        after
          ? sql`(${sl.userId}, ${sl.workDate}, ${sl.id}) > (${after.u}, ${after.d}::date, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(sl.userId), asc(sl.workDate), asc(sl.id))
    .limit(EXPORT_BATCH);
}

/**
 * Writes the export of the scope to `filePath`: a "Lines" sheet (one row per salary line) and a
 * "Totals" sheet (per currency: each worker's total with the bank details, then the currency's
 * total — never added across currencies). `onProgress(done, total)` after each batch.
 */
export async function writeSalaryExportXlsx(
  db: DbOrTx,
  s: ExportScope,
  filePath: string,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<{ lines: number }> {
  const [{ n: total }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sl)
    .where(exportLinesWhere(s));
  const wb = await workbookWriter({ filename: filePath });
  const title = `Salary ${periodLabel(s.periodFrom, s.periodTo)} – ${s.place}`;

  const ws = wb.addWorksheet("Lines", { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = LINE_COLUMNS.map((header, i) => ({
    header,
    width: [10, 24, 28, 24, 12, 9, 12, 24, 11, 7, 7, 16][i] ?? 11,
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();

  const totals = new Map<string, WorkerTotal>();
  let done = 0;
  let after: { u: number; d: string; id: number } | null = null;
  for (;;) {
    const rows = await batch(db, s, after);
    for (const r of rows) {
      const currency = r.currency.trim();
      const digits = minorUnitsOf(currency);
      const zone = r.timeZone ?? AGENCY_TIME_ZONE;
      const bank = [r.iban, r.swift, r.reg, r.konto];
      const minutes = r.standardMinutes + r.weekendMinutes + r.nightMinutes;
      const row = ws.addRow([
        r.userId,
        r.name,
        r.email,
        ...bank,
        r.job ?? "Deleted job",
        r.workDate.split("-").reverse().join("/"),
        formatTime(r.startsAt, zone),
        formatTime(r.endsAt, zone),
        r.skill,
        hours(r.standardMinutes),
        hours(r.weekendMinutes),
        hours(r.nightMinutes),
        units(r.standardRate, digits),
        units(r.weekendRate, digits),
        units(r.nightRate, digits),
        units(r.amount, digits),
        currency,
        r.status === "paid" ? "Paid" : "Draft",
        r.id,
      ]);
      for (const c of [13, 14, 15]) row.getCell(c).numFmt = HOURS;
      for (const c of [16, 17, 18, 19]) row.getCell(c).numFmt = moneyFormat(digits);
      row.commit();
      const key = `${currency}:${r.userId}`;
      const t = totals.get(key) ?? {
        currency,
        userId: r.userId,
        name: r.name,
        email: r.email,
        bank,
        lines: 0,
        minutes: 0,
        amount: 0,
      };
      t.lines += 1;
      t.minutes += minutes;
      t.amount += r.amount;
      totals.set(key, t);
    }
    done += rows.length;
    await onProgress(Math.min(done, Math.max(total, done)), Math.max(total, done));
    if (rows.length < EXPORT_BATCH) break;
    const last = rows[rows.length - 1];
    after = { u: last.userId, d: last.workDate, id: last.id };
  }
  ws.commit();

  const ts = wb.addWorksheet("Totals");
  ts.columns = TOTAL_COLUMNS.map((_, i) => ({
    width: [9, 10, 24, 28, 24, 12, 9, 12, 8, 10, 14][i],
  }));
  const add = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = ts.addRow(values);
    style?.(row);
    row.commit();
  };
  add([title], (row) => (row.font = { bold: true, size: 14 }));
  add([]);
  add([...TOTAL_COLUMNS], (row) => (row.font = { bold: true }));
  const byCurrency = new Map<string, WorkerTotal[]>();
  for (const t of totals.values())
    byCurrency.set(t.currency, [...(byCurrency.get(t.currency) ?? []), t]);
  for (const currency of [...byCurrency.keys()].sort()) {
    const digits = minorUnitsOf(currency);
    const money = moneyFormat(digits);
    const workers = byCurrency
      .get(currency)!
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
    const sum = { lines: 0, minutes: 0, amount: 0 };
    for (const w of workers) {
      sum.lines += w.lines;
      sum.minutes += w.minutes;
      sum.amount += w.amount;
      add(
        [
          currency,
          w.userId,
          w.name,
          w.email,
          ...w.bank,
          w.lines,
          hours(w.minutes),
          units(w.amount, digits),
        ],
        (row) => {
          row.getCell(10).numFmt = HOURS;
          row.getCell(11).numFmt = money;
        },
      );
    }
    add(
      [
        currency,
        null,
        `Total ${currency}`,
        null,
        null,
        null,
        null,
        null,
        sum.lines,
        hours(sum.minutes),
        units(sum.amount, digits),
      ],
      (row) => {
        row.font = { bold: true };
        row.getCell(10).numFmt = HOURS;
        row.getCell(11).numFmt = money;
      },
    );
    add([]);
  }
  add(["Gross amounts before tax: tax is not computed here."]);
  ts.commit();
  await wb.commit();
  if (!done) await onProgress(0, 0);
  return { lines: done };
}

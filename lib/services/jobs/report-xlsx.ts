import "server-only";
import { PassThrough, Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { workbookWriter } from "@/lib/files/workbook";
import type { JobReport } from "./report";

/**
 * The client's job report as an .xlsx, streamed (DESIGN.md §7): rows are committed to the
 * zip as they are added, so the workbook is never held whole in memory. Amounts are numbers
 * in the currency's units (minor units ÷ 10^digits) with the currency's decimals, hours are
 * decimal hours, so the client's spreadsheet can add them up.
 */

const moneyFormat = (digits: number) => (digits ? `#,##0.${"0".repeat(digits)}` : "#,##0");
const HOURS = "0.00";
const toUnits = (minor: number, digits: number) => minor / 10 ** digits;
const hours = (minutes: number) => minutes / 60;

/** The header row of the hours table; report-xlsx.int tests read cells by these. */
export const REPORT_COLUMNS = [
  "Date",
  "Worker",
  "Skill",
  "Planned",
  "Approved",
  "Standard hours",
  "Weekend hours",
  "Night hours",
  "Standard price",
  "Weekend price",
  "Night price",
  "Amount",
] as const;

async function write(wb: ExcelJS.stream.xlsx.WorkbookWriter, r: JobReport): Promise<void> {
  const ws = wb.addWorksheet("Report", { views: [{ state: "frozen", ySplit: 0 }] });
  ws.columns = [12, 24, 18, 22, 22, 10, 10, 10, 12, 12, 12, 14].map((width) => ({ width }));
  const money = moneyFormat(r.digits);
  const add = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = ws.addRow(values);
    style?.(row);
    row.commit();
  };
  const heading = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };

  add([`Job report: ${r.job.name}`], (row) => (row.font = { bold: true, size: 14 }));
  add(["Client", r.job.company]);
  if (r.job.invoice_reference) add(["Invoice reference", r.job.invoice_reference]);
  add(["Currency", r.currency]);
  add(["Times", `Local time, ${r.time_zone}`]);
  add([]);

  add([...REPORT_COLUMNS.slice(0, 11), `Amount (${r.currency})`], heading);
  for (const l of r.lines) {
    add(
      [
        l.date,
        l.worker,
        l.skill,
        l.planned,
        l.approved,
        hours(l.minutes.standard),
        hours(l.minutes.weekend),
        hours(l.minutes.night),
        toUnits(l.prices.standard, r.digits),
        toUnits(l.prices.weekend, r.digits),
        toUnits(l.prices.night, r.digits),
        toUnits(l.amount, r.digits),
      ],
      (row) => {
        for (const c of [6, 7, 8]) row.getCell(c).numFmt = HOURS;
        for (const c of [9, 10, 11, 12]) row.getCell(c).numFmt = money;
      },
    );
  }

  if (r.costs.length) {
    add([]);
    add(["Additional costs"], heading);
    add(["Category", "Note", "Quantity", "Unit price", "Currency", "Amount"], heading);
    for (const c of r.costs) {
      const digits = c.currency === r.currency ? r.digits : 2;
      add(
        [
          c.equipment_category
            ? `${c.category_label}: ${c.equipment_category.name}`
            : c.category_label,
          c.note ?? "",
          c.quantity,
          toUnits(c.amount, digits),
          c.currency,
          toUnits(c.total, digits),
        ],
        (row) => {
          row.getCell(4).numFmt = moneyFormat(digits);
          row.getCell(6).numFmt = moneyFormat(digits);
        },
      );
    }
  }

  add([]);
  add(["Totals", "Currency", "Hours", "Amount"], heading);
  for (const t of r.totals)
    add(["Total", t.currency, hours(t.minutes), toUnits(t.amount, t.digits)], (row) => {
      row.font = { bold: true };
      row.getCell(3).numFmt = HOURS;
      row.getCell(4).numFmt = moneyFormat(t.digits);
    });
  ws.commit();
  await wb.commit();
}

/** The workbook as a web stream for a route handler's Response. */
export function jobReportStream(report: JobReport): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  workbookWriter({ stream: out })
    .then((wb) => write(wb, report))
    .catch((err: unknown) => out.destroy(err as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

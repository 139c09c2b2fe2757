import "server-only";
import { PassThrough, Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { workbookWriter } from "@/lib/files/workbook";
import type { Roster, RosterSheet } from "./roster";

/**
 * The crew roster as an .xlsx, streamed (DESIGN.md §7, as the job report): one sheet per job,
 * its title block, then the shifts by date with the people on them. Set up for printing:
 * landscape A4, fit to one page wide, the table's header repeated on each page and frozen.
 */

/** The table's header; tests read cells by these. */
export const ROSTER_COLUMNS = [
  "Date",
  "Name",
  "Phone",
  "Skill",
  "Planned start",
  "Planned end",
  "Status",
  "Check-in",
] as const;
const WIDTHS = [14, 28, 18, 18, 13, 13, 18, 17];

/** The header's row number: after the title block (7 rows) and a blank row. */
export const ROSTER_HEADER_ROW = 9;

const thin: Partial<ExcelJS.Border> = { style: "thin", color: { argb: "FF9CA3AF" } };
const BORDER: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const fill = (argb: string): ExcelJS.Fill => ({
  type: "pattern",
  pattern: "solid",
  fgColor: { argb },
});

function writeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, r: RosterSheet) {
  const ws = wb.addWorksheet(r.sheet, {
    views: [{ state: "frozen", ySplit: ROSTER_HEADER_ROW }],
    pageSetup: {
      paperSize: 9,
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${ROSTER_HEADER_ROW}:${ROSTER_HEADER_ROW}`,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `&L${r.title.replace(/&/g, "&&")}&RPage &P of &N` },
  });
  ws.columns = WIDTHS.map((width) => ({ width }));
  const add = (values: unknown[], style?: (row: ExcelJS.Row) => void) => {
    const row = ws.addRow(values);
    style?.(row);
    row.commit();
  };
  const boxed = (row: ExcelJS.Row) => {
    for (let c = 1; c <= ROSTER_COLUMNS.length; c++) row.getCell(c).border = BORDER;
  };
  const label = (row: ExcelJS.Row) => (row.getCell(1).font = { bold: true });

  add([r.title], (row) => (row.font = { bold: true, size: 14 }));
  add(["Client", r.client], label);
  add(["Venue", r.venue || "—"], label);
  add(["Dates", r.dates], label);
  add(["Project manager", r.projectManager || "—"], label);
  add(["Crew boss", r.crewBosses || "—"], label);
  add(["Times", `Local time, ${r.timeZone}`], label);
  add([]);
  add([...ROSTER_COLUMNS], (row) => {
    row.font = { bold: true };
    for (let c = 1; c <= ROSTER_COLUMNS.length; c++) row.getCell(c).fill = fill("FFE5E7EB");
    boxed(row);
  });
  for (const shift of r.shifts) {
    add([shift.weekday, `Shift ${shift.times}`, `${shift.workers.length} on the roster`], (row) => {
      row.font = { bold: true };
      for (let c = 1; c <= ROSTER_COLUMNS.length; c++) row.getCell(c).fill = fill("FFF3F4F6");
      boxed(row);
    });
    if (!shift.workers.length) add([shift.date, "No crew on this shift"], boxed);
    for (const w of shift.workers)
      add(
        [shift.date, w.name, w.phone, w.skill, w.plannedStart, w.plannedEnd, w.status, w.checkIn],
        boxed,
      );
  }
  ws.commit();
}

/** The workbook as a web stream for a route handler's Response. */
export function rosterStream(roster: Roster): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  (async () => {
    const wb = await workbookWriter({ stream: out });
    for (const sheet of roster.sheets) writeSheet(wb, sheet);
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

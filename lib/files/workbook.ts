import "server-only";
import type { Writable } from "node:stream";
import type ExcelJS from "exceljs";

/**
 * The .xlsx writer of every download and export: exceljs's streaming writer (each row committed
 * as it is written), with styles and inline strings, into a stream or a file. exceljs is loaded
 * with the first workbook, not with the services that write one: the screens importing them
 * would otherwise keep it and its dependencies (~1.5 MB of source, and what that compiles to) in
 * every server that has shown one (issue 27's memory bar).
 */
export async function workbookWriter(
  to: { stream: Writable } | { filename: string },
): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: excel } = await import("exceljs");
  const wb = new excel.stream.xlsx.WorkbookWriter({
    ...to,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = "Crewdeck";
  return wb;
}

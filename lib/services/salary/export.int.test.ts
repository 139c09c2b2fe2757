import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { drainQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { readJobProgress } from "../progress/monitors";
import { listSalaryExports, salaryExportFile, startSalaryExport } from "./export";
import { LINE_COLUMNS, TOTAL_COLUMNS, writeSalaryExportXlsx } from "./export-xlsx";
import {
  db,
  branchId,
  otherBranchId,
  countryId,
  ctx,
  workers,
  swap,
  setupExportWorld,
  november,
  counts,
  rowValues,
  workbookOf,
  gate,
} from "./export.test-support";

/**
 * POST salary/history (startSalaryExport) with the real queue writing the .xlsx: the file is
 * opened with exceljs and its cells checked; 404 without lines, 409 while one runs, 403 for each
 * role without salary_access, nothing written on a refusal. The list and the download:
 * export-files.int.test.ts.
 */

setupExportWorld();

describe("POST salary/history: the export runs in the background", () => {
  it("writes the branch's November lines as an xlsx, listed and downloadable", async () => {
    swap.write = writeSalaryExportXlsx;
    const before = await counts();
    const started = await startSalaryExport(ctx.payroll, november());
    expect(started).toEqual({
      export_id: expect.any(Number),
      monitor_id: expect.any(Number),
      status: "queued",
    });
    await drainQueue("salary-export");
    expect(await readJobProgress(ctx.payroll, started.monitor_id)).toMatchObject({
      kind: "salary-export",
      status: "done",
      percent: 100,
      done: 3,
      total: 3,
      message: "Export ready: 3 salary lines.",
    });
    expect(await counts()).toEqual({
      exports: before.exports + 1,
      monitors: before.monitors + 1,
      jobs: before.jobs + 1,
      log: before.log + 1,
    });

    const list = await listSalaryExports(ctx.payroll, {});
    expect(list.items[0]).toMatchObject({
      id: started.export_id,
      from: "2026-11-01",
      to: "2026-11-30",
      period: "November 2026",
      branch_id: branchId,
      country_id: null,
      scope: "Export Copenhagen",
      file_name: "Salary-2026-11-Export-Copenhagen.xlsx",
      lines: 3,
      created_by: "Paula Payroll",
      status: "done",
      percent: 100,
      monitor_id: started.monitor_id,
    });

    const file = await salaryExportFile(ctx.payroll, started.export_id);
    expect(file.filename).toBe("Salary-2026-11-Export-Copenhagen.xlsx");
    const wb = await workbookOf(file.bytes);
    const lines = wb.getWorksheet("Lines")!;
    expect(rowValues(lines, 1)).toEqual([...LINE_COLUMNS]);
    expect(lines.actualRowCount).toBe(4);
    // Ida first (lower id), her two days in order, full bank details; then Bo in EUR.
    expect(rowValues(lines, 2)).toEqual([
      workers.ida,
      "Ida Holm",
      expect.stringContaining("@"),
      "DK5000400440116243",
      "NDEADKKK",
      "1234",
      "0012345678",
      "Export Arena",
      "10/11/2026",
      "08:00",
      "16:00",
      "Rigger",
      8,
      0,
      0,
      150.5,
      undefined,
      undefined,
      1204,
      "DKK",
      "Draft",
      expect.any(Number),
    ]);
    const second = rowValues(lines, 3);
    expect(second.slice(8, 9)).toEqual(["11/11/2026"]);
    expect(second.slice(12, 21)).toEqual([6, 0, 2, 150.5, undefined, 200, 1303, "DKK", "Paid"]);
    const third = rowValues(lines, 4);
    expect(third.slice(0, 4)).toEqual([workers.bo, "Bo Lind", expect.any(String), undefined]);
    expect(third.slice(18, 20)).toEqual([160, "EUR"]);

    const totals = wb.getWorksheet("Totals")!;
    expect(rowValues(totals, 1)).toEqual(["Salary November 2026 – Export Copenhagen"]);
    expect(rowValues(totals, 3)).toEqual([...TOTAL_COLUMNS]);
    // DKK first: Ida, then the DKK total; then EUR — never one sum over both.
    expect(rowValues(totals, 4)).toEqual([
      "DKK",
      workers.ida,
      "Ida Holm",
      expect.any(String),
      "DK5000400440116243",
      "NDEADKKK",
      "1234",
      "0012345678",
      2,
      16,
      2507,
    ]);
    expect(rowValues(totals, 5)).toEqual([
      "DKK",
      undefined,
      "Total DKK",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      2,
      16,
      2507,
    ]);
    expect(rowValues(totals, 7)).toEqual(
      expect.arrayContaining(["EUR", workers.bo, "Bo Lind", 1, 8, 160]),
    );
    expect(rowValues(totals, 8)).toEqual(expect.arrayContaining(["EUR", "Total EUR", 1, 8, 160]));
    expect(rowValues(totals, 10)).toEqual(["Gross amounts before tax: tax is not computed here."]);
  });

  it("exports a country: every branch of it, named after the country", async () => {
    swap.write = writeSalaryExportXlsx;
    const started = await startSalaryExport(ctx.admin, november({ country_id: countryId }));
    await drainQueue("salary-export");
    const file = await salaryExportFile(ctx.admin, started.export_id);
    expect(file.filename).toMatch(/^Salary-2026-11-.+\.xlsx$/);
    const lines = (await workbookOf(file.bytes)).getWorksheet("Lines")!;
    expect(lines.actualRowCount).toBe(5);
    expect(rowValues(lines, 5).slice(1, 2)).toEqual(["Eve Aas"]);
  });

  it("answers 404 for a period without salary lines, queueing nothing", async () => {
    const before = await counts();
    const err = await appErrorOf(
      startSalaryExport(ctx.payroll, { from: "2026-09-01", to: "2026-09-30", branch_id: branchId }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe(
      "There are no salary lines for 01/09/2026–30/09/2026 (Export Copenhagen) to export. Run the salary for the period first.",
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses a second export of the same period and scope while one runs (409)", async () => {
    const g = gate();
    swap.write = g.fn;
    const first = await startSalaryExport(ctx.payroll, november());
    await g.started;
    const before = await counts();
    const err = await appErrorOf(startSalaryExport(ctx.admin, november()));
    expect(err.status).toBe(409);
    expect(err.type).toBe("salary_export_running");
    expect(err.message).toBe(
      "The salary export for 01/11/2026–30/11/2026 (Export Copenhagen) is already running, started by Paula Payroll. Follow its progress or wait until it has finished.",
    );
    expect(err.details).toEqual({ export_id: first.export_id, monitor_id: first.monitor_id });
    // Its file is not there yet: 409 too, and the list says it runs.
    const early = await appErrorOf(salaryExportFile(ctx.payroll, first.export_id));
    expect(early.status).toBe(409);
    expect((await listSalaryExports(ctx.payroll, {})).items[0]).toMatchObject({
      id: first.export_id,
      status: "running",
    });
    // Another scope is not blocked.
    const other = await startSalaryExport(ctx.admin, november({ branch_id: otherBranchId }));
    expect(await counts()).toMatchObject({ exports: before.exports + 1 });
    g.release();
    await drainQueue("salary-export");
    expect((await readJobProgress(ctx.admin, other.monitor_id)).status).toBe("done");
    expect((await salaryExportFile(ctx.payroll, first.export_id)).bytes.byteLength).toBeGreaterThan(
      0,
    );
  });

  it("does not let an export whose job died block the scope: it reads failed", async () => {
    swap.write = writeSalaryExportXlsx;
    const [dead] = await db
      .insert(schema.progressMonitors)
      .values({
        kind: "salary-export",
        status: "running",
        payload: { from: "2026-11-01", to: "2026-11-30", branch_id: branchId, country_id: null },
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    const started = await startSalaryExport(ctx.payroll, november());
    await drainQueue("salary-export");
    expect((await readJobProgress(ctx.admin, dead.id)).status).toBe("failed");
    expect((await readJobProgress(ctx.admin, started.monitor_id)).status).toBe("done");
  });

  it("ends a failing export as failed in words; its download is 404", async () => {
    swap.write = async () => {
      throw new Error("disk full");
    };
    const started = await startSalaryExport(ctx.payroll, november());
    await drainQueue("salary-export");
    expect(await readJobProgress(ctx.payroll, started.monitor_id)).toMatchObject({
      status: "failed",
      message: "The export could not be written (disk full). Export the period again.",
    });
    const err = await appErrorOf(salaryExportFile(ctx.payroll, started.export_id));
    expect(err.status).toBe(404);
    expect(err.message).toBe("This export failed and has no file. Export the period again.");
    swap.write = writeSalaryExportXlsx;
  });

  it("answers 422 for a missing scope, both scopes or a bad date, writing nothing", async () => {
    const before = await counts();
    for (const body of [
      { from: "2026-11-01", to: "2026-11-30" },
      november({ branch_id: branchId, country_id: countryId }),
      november({ branch_id: branchId, to: "31/02/2026" }),
      november({ branch_id: 99999 }),
    ]) {
      const err = await appErrorOf(startSalaryExport(ctx.payroll, body));
      expect(err.status).toBe(422);
    }
    expect(await counts()).toEqual(before);
  });

  it.each(["pm", "crew", "client", "worker"] as const)(
    "refuses %s without salary_access (403) on every verb, writing nothing",
    async (who) => {
      const before = await counts();
      const [any] = await db.select({ id: schema.salaryExports.id }).from(schema.salaryExports);
      for (const call of [
        startSalaryExport(ctx[who], november()),
        listSalaryExports(ctx[who], {}),
        salaryExportFile(ctx[who], any.id),
      ]) {
        const err = await appErrorOf(call);
        expect(err.status).toBe(403);
      }
      expect(await counts()).toEqual(before);
      // Nor may they follow an export's progress.
      const [m] = await db
        .select({ id: schema.progressMonitors.id })
        .from(schema.progressMonitors)
        .where(eq(schema.progressMonitors.kind, "salary-export"));
      expect((await appErrorOf(readJobProgress(ctx[who], m.id))).status).toBe(404);
    },
  );
});

import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { makeCtx } from "@/lib/services/context";
import { listSalaryExports, salaryExportFile } from "@/lib/services/salary/export";
import { SEED_MOMENTS, seededDemo } from "./demo.test-support";

/** The demo's Export history is not empty: one done export whose .xlsx downloads. */
describe("seedDemo's salary export", () => {
  const demo = seededDemo(SEED_MOMENTS[0][1]);

  it("lists one done export of the paid month, by the administrator, whose xlsx opens", async () => {
    const ctx = makeCtx(demo.handle.db, {
      kind: "user",
      userId: 1,
      name: "Payroll",
      email: "",
      roles: [],
      permissions: new Set(["salary_access"]),
      companyId: null,
      branchIds: [],
      isAdmin: false,
      isClient: false,
      totpEnabled: false,
      approved: true,
    });
    const page = await listSalaryExports(ctx, {});
    expect(page.items).toHaveLength(1);
    const [row] = page.items;
    const [paid] = await demo.rows<{ from: string; lines: number; admin: string }>(
      `select to_char(min(l.work_date), 'YYYY-MM') as from, count(*)::int as lines,
              (select name from users where email = 'admin@crewdeck.test') as admin
         from salary_lines l where l.branch_id = $1 and l.work_date between $2 and $3`,
      [row.branch_id, row.from, row.to],
    );
    expect(row).toMatchObject({
      status: "done",
      format: "xlsx",
      lines: paid.lines,
      created_by: paid.admin,
      file_name: expect.stringMatching(/^Salary-\d{4}-\d{2}-.+\.xlsx$/),
    });
    expect(row.lines).toBeGreaterThan(0);
    expect(new Date(row.created_at).getTime()).toBeLessThan(SEED_MOMENTS[0][1].getTime());
    const file = await salaryExportFile(ctx, row.id);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    expect(wb.getWorksheet("Lines")!.actualRowCount).toBe(paid.lines + 1);
  });
});

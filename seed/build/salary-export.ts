import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { Tx } from "@/db/client";
import { salaryExportFileName } from "@/lib/domain/salary-export";
import { contentTypeOfKey, newFileKey } from "@/lib/files/keys";
import { putFileFrom } from "@/lib/files/storage";
import { writeSalaryExportXlsx } from "@/lib/services/salary/export-xlsx";
import { clampPast, days, type World } from "./world";

/**
 * One salary export (issue 24) so the Export history tab is not empty on a fresh start: the
 * latest month with salary lines (the month seedSalary ran and paid), for the branch with the
 * most lines, written by the export's own writer into the files port and listed as done, by
 * the administrator a few days after the month.
 */
export async function seedSalaryExport(w: World): Promise<void> {
  const tx = w.tx as Tx;
  const [top] = (
    (await tx.execute(sql`
      select l.branch_id as "branchId", b.name, to_char(l.work_date, 'YYYY-MM') as month,
             count(*)::int as lines
        from salary_lines l join branches b on b.id = l.branch_id
       group by 1, 2, 3
       order by month desc, lines desc, l.branch_id
       limit 1`)) as unknown as {
      rows: { branchId: number; name: string; month: string; lines: number }[];
    }
  ).rows;
  if (!top) return;
  const [y, m] = top.month.split("-").map(Number);
  const periodFrom = `${top.month}-01`;
  const periodTo = `${top.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
  const storageKey = newFileKey("salary-exports", "xlsx");
  const dir = await mkdtemp(path.join(os.tmpdir(), "crewdeck-seed-export-"));
  try {
    const file = path.join(dir, "export.xlsx");
    const { lines } = await writeSalaryExportXlsx(
      tx,
      { periodFrom, periodTo, branchId: top.branchId, countryId: null, place: top.name },
      file,
      async () => undefined,
    );
    await putFileFrom(storageKey, file, contentTypeOfKey(storageKey));
    // No monitor: an export without one reads as done (lib/services/salary/export.ts).
    await tx.insert(schema.salaryExports).values({
      periodFrom,
      periodTo,
      branchId: top.branchId,
      fileName: salaryExportFileName(periodFrom, periodTo, top.name),
      storageKey,
      lineCount: lines,
      createdById: w.staff.admin,
      createdAt: clampPast(w, new Date(`${periodTo}T10:00:00Z`).getTime() + days(6)),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

"use server";

import { runParsed } from "@/lib/http/action";
import { startSalaryExport } from "@/lib/services/salary/export";
import { startSalaryRunInput } from "@/lib/services/salary/run-start";

/** "Export period" on the Export history tab: POST salary/history through the same verb. */
export async function startSalaryExportAction(input: {
  from: string;
  to: string;
  branch_id?: number;
  country_id?: number;
}) {
  return runParsed(startSalaryRunInput, input, startSalaryExport);
}

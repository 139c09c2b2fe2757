"use server";

import { runParsed } from "@/lib/http/action";
import { startPaySlipsExport } from "@/lib/services/salary/export";
import { startSalaryRunInput } from "@/lib/services/salary/run-start";

/** "Download all (ZIP)" on the Pay slips tab: POST salary/slips through the same verb. */
export async function startPaySlipsZipAction(input: {
  from: string;
  to: string;
  branch_id?: number;
  country_id?: number;
}) {
  return runParsed(startSalaryRunInput, input, startPaySlipsExport);
}

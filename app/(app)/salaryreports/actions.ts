"use server";

import { runAction } from "@/lib/http/action";
import { paySalary, salaryReport, skillsForMissingRates } from "@/lib/services/salary";
import { startSalaryRun } from "@/lib/services/salary/run-start";

type Period = { from: string; to: string; branch_id?: number; country_id?: number };

/** The skills (and workers) of the period's approved hours without a worker rate. */
export async function missingRatesAction(input: Period) {
  return runAction((ctx) => skillsForMissingRates(ctx, input));
}

/** Starts the salary run of the period and place (409 salary_run_running names the one running). */
export async function startSalaryRunAction(input: Period) {
  return runAction((ctx) => startSalaryRun(ctx, input));
}

/** One worker's salary lines of the period. */
export async function workerLinesAction(input: { user_id: number; from: string; to: string }) {
  return runAction((ctx) => salaryReport(ctx, input));
}

/** Marks salary lines of the period paid (a worker's, as the pay dialog shows them). */
export async function payWorkerAction(input: { from: string; to: string; line_ids: number[] }) {
  return runAction((ctx) => paySalary(ctx, input));
}

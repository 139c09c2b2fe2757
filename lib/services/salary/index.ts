export {
  buildSalaryRun,
  computeSalaryLines,
  RUN_BATCH,
  type ComputedLines,
  type MissingRate,
  type SalaryScope,
} from "./lines";
export { buildJobSalaries, skillsForMissingRates } from "./build";
export { salaryOverview, salaryReport, salarySummary, type SalaryOverviewRow } from "./read";
export { paySalary, type PaySlipView } from "./pay";
export * from "./schemas";

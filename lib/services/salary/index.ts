export { buildSalaryRun, computeSalaryLines, RUN_BATCH, type ComputedLines } from "./lines";
export { type MissingRate, type SalaryScope } from "./approved-hours";
export { buildJobSalaries, skillsForMissingRates } from "./build";
export { salaryOverview, salaryReport, salarySummary, type SalaryOverviewRow } from "./read";
export { paySalary, type PaySlipView } from "./pay";
export * from "./schemas";

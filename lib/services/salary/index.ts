export { buildSalaryRun, computeSalaryLines, RUN_BATCH, type ComputedLines } from "./lines";
export { type MissingRate, type SalaryScope } from "./approved-hours";
export { buildJobSalaries, skillsForMissingRates } from "./build";
export { salaryOverview, type SalaryOverviewRow } from "./overview";
export { salaryReport, salarySummary } from "./read";
export { paySalary, type PaySlipView } from "./pay";
export * from "./schemas";

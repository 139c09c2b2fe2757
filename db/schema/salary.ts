import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, money, tstz, updatedAt } from "./_columns";
import { branches, countries, skills } from "./org";
import { users } from "./users";
import { jobs, reportedHours } from "./work";

export const backgroundStatus = pgEnum("background_status", [
  "queued",
  "running",
  "done",
  "failed",
]);

/**
 * One salary run: a period (local dates of the shifts, inclusive) for a branch or a country,
 * computed in the background (pg-boss) with its progress in `progress_monitors`.
 */
export const salaryRuns = pgTable(
  "salary_runs",
  {
    id: id(),
    periodFrom: date({ mode: "string" }).notNull(),
    periodTo: date({ mode: "string" }).notNull(),
    countryId: integer().references(() => countries.id),
    branchId: integer().references(() => branches.id),
    status: backgroundStatus().notNull().default("queued"),
    monitorId: integer(),
    workerCount: integer().notNull().default(0),
    lineCount: integer().notNull().default(0),
    /** Why a failed run failed, in words. */
    error: text(),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    startedAt: tstz(),
    finishedAt: tstz(),
  },
  (t) => [index().on(t.createdAt), index().on(t.periodFrom, t.periodTo)],
);

export const salaryLineStatus = pgEnum("salary_line_status", ["draft", "paid"]);

/**
 * What one approved report of hours pays its worker, priced with the worker rate that applied
 * (the rate is stored, so a later change to rates never changes a computed or paid line).
 * Re-running a period replaces its draft lines and never touches paid ones.
 */
export const salaryLines = pgTable(
  "salary_lines",
  {
    id: id(),
    runId: integer().references(() => salaryRuns.id, { onDelete: "set null" }),
    reportedHoursId: integer().references(() => reportedHours.id, { onDelete: "set null" }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    jobId: integer().references(() => jobs.id, { onDelete: "set null" }),
    shiftId: integer(),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
    branchId: integer().references(() => branches.id),
    countryId: integer().references(() => countries.id),
    /** The shift's local date in the job's zone (what periods are cut by). */
    workDate: date({ mode: "string" }).notNull(),
    startsAt: tstz().notNull(),
    endsAt: tstz().notNull(),
    currencyCode: char({ length: 3 }).notNull(),
    standardMinutes: integer().notNull().default(0),
    weekendMinutes: integer().notNull().default(0),
    nightMinutes: integer().notNull().default(0),
    /** Hourly rates used, minor units; where the rate came from (job, custom, card). */
    standardRate: money().notNull(),
    weekendRate: money(),
    nightRate: money(),
    rateSource: text().notNull(),
    amount: money().notNull(),
    status: salaryLineStatus().notNull().default("draft"),
    paySlipId: integer().references(() => paySlips.id, { onDelete: "set null" }),
    paidAt: tstz(),
    paidById: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("salary_lines_reported_hours_unique").on(t.reportedHoursId),
    index().on(t.userId, t.workDate),
    index().on(t.workDate, t.status),
    // What the salary charts and the salary overview read of a period's lines (issue 27), all
    // in the key (drizzle has no INCLUDE): an index-only scan instead of the table's pages.
    index("salary_lines_work_date_totals_idx").on(
      t.workDate,
      t.currencyCode,
      t.status,
      t.amount,
      t.standardMinutes,
      t.weekendMinutes,
      t.nightMinutes,
      t.jobId,
      t.userId,
      t.branchId,
      t.countryId,
    ),
    index().on(t.runId),
    index().on(t.jobId),
    index().on(t.paySlipId),
  ],
);

/** A worker's pay slip for a period; `totals` holds one entry per currency. */
export const paySlips = pgTable(
  "pay_slips",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    periodFrom: date({ mode: "string" }).notNull(),
    periodTo: date({ mode: "string" }).notNull(),
    /** [{ currency_code, amount, minutes }] */
    totals: jsonb().notNull().default([]),
    minutesWorked: integer().notNull().default(0),
    /** Set when the period is paid: the slip is final from then on. */
    paidAt: tstz(),
    paidById: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique("pay_slips_period_unique").on(t.userId, t.periodFrom, t.periodTo)],
);

/** Each export of a period for the bank or payroll system, downloadable again. */
export const salaryExports = pgTable(
  "salary_exports",
  {
    id: id(),
    periodFrom: date({ mode: "string" }).notNull(),
    periodTo: date({ mode: "string" }).notNull(),
    countryId: integer().references(() => countries.id),
    branchId: integer().references(() => branches.id),
    fileName: text().notNull(),
    /** Key of the file in the files port. */
    storageKey: text().notNull(),
    lineCount: integer().notNull().default(0),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * Progress of long-running background work (salary runs, exports). Claimed with
 * SELECT … FOR UPDATE SKIP LOCKED so several app instances share the queue.
 */
export const progressMonitors = pgTable(
  "progress_monitors",
  {
    id: id(),
    kind: text().notNull(),
    status: backgroundStatus().notNull().default("queued"),
    payload: jsonb().notNull().default({}),
    progress: integer().notNull().default(0),
    total: integer().notNull().default(0),
    message: text(),
    resultKey: text(),
    /** What went wrong for single items (a worker without a rate…), shown with the result. */
    errors: jsonb().notNull().default([]),
    claimedBy: text(),
    claimedAt: tstz(),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);

/**
 * The salary roll-up (issue 27, lib/services/statistics/salary-days.ts): the salary lines of a
 * work date added up per currency and paid/draft, as the salary charts draw them. A date's
 * totals count only while the date has no mark (statistics_salary_marks); a marked date is read
 * from its lines.
 */
export const statisticsSalaryDays = pgTable(
  "statistics_salary_days",
  {
    workDate: date({ mode: "string" }).notNull(),
    currencyCode: char({ length: 3 }).notNull(),
    paid: boolean().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    minutes: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workDate, t.currencyCode, t.paid] })],
);

/**
 * The salary roll-up per client (issue 27): a month's salary lines of live jobs added up per
 * client (the job's company) and currency, as client margins add them. Written by the salary
 * roll-up's sweep, whole months at a time; a month counts only while none of its dates has a
 * mark (statistics_salary_marks: the lines' triggers, and a job's company or deleted_at
 * changing, mark the dates of its lines).
 */
export const statisticsSalaryClientMonths = pgTable(
  "statistics_salary_client_months",
  {
    month: date({ mode: "string" }).notNull(),
    companyId: integer().notNull(),
    currencyCode: char({ length: 3 }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.companyId, t.currencyCode] })],
);

/**
 * A work date whose salary lines changed since its totals were written: one row per writing
 * statement and date (inserted by triggers in the writer's transaction, never updated, so
 * writers never wait on each other); the sweep deletes exactly the marks it read.
 */
export const statisticsSalaryMarks = pgTable(
  "statistics_salary_marks",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    workDate: date({ mode: "string" }).notNull(),
  },
  (t) => [index().on(t.workDate)],
);

/**
 * Who has salary lines in a calendar month (issue 27): one row per month and worker with how
 * many of the month's lines are the worker's, and the worker's lower(name). The salary overview
 * of a whole month by name walks (month, name_key, user_id) index-only to its page and counts
 * the month's workers from the same index, instead of hashing the month's lines and walking
 * every user by name. Kept by triggers in the writer's transaction (migration 0045: lines
 * inserted, deleted or moved; a worker renamed); `db:check salary-month-workers` compares it
 * with the lines.
 */
export const salaryMonthWorkers = pgTable(
  "salary_month_workers",
  {
    month: date({ mode: "string" }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nameKey: text().notNull(),
    lines: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.month] }),
    index("salary_month_workers_walk_idx").on(t.month, t.nameKey, t.userId),
  ],
);

/**
 * Stored roll-ups (issue 27): counters and totals that triggers and the background sweeps keep
 * beside the rows they sum — the pricing versions, the statistics and count roll-ups, the
 * calendar's quarter hours and the per-worker charts' stored answers (the salary roll-up lives
 * beside its lines, in salary.ts). Split from work.ts, whose tables they sum; db:check
 * (lib/db-check/roll-ups.ts) checks them against their rows.
 */
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tstz } from "./_columns";

/**
 * One row: the version of the pricing inputs shared by many jobs (rate cards, skills' parents,
 * companies' default branches, branches, countries, agency holidays). Every write to those
 * bumps it in the same transaction (database triggers, migration 0023), so a stored client
 * price stamped with an older version is known to be stale.
 */
export const pricingVersions = pgTable("pricing_versions", {
  id: boolean().primaryKey().default(true),
  version: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * One row: how many times a job's pricing version has moved, counted by a trigger at each
 * commit that moved one (migration 0027). The price sweep compares it with its last complete
 * pass's instead of summing every job's version. Its own row, locked only at commit: the
 * shared version's row is locked early by rate-card writes, and a job edit waiting on it at
 * commit while holding its job could deadlock with one.
 */
export const jobPricingChanges = pgTable("job_pricing_changes", {
  id: boolean().primaryKey().default(true),
  changes: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * Statistics roll-up (issue 27): per job, whether its rows of statistics_job_days are exact now.
 * `dirtyVersion` is set (a fresh value of the sequence) by the triggers of every write that moves
 * a report's hours, date, job or price in the same transaction, and cleared by the sweep only if
 * it still holds the value the sweep read (lib/services/statistics/job-days.ts).
 * `pricingVersion`: the shared pricing version the totals were priced under. Clean: no
 * dirty version and the pricing version current.
 */
export const statisticsDirtyVersion = pgSequence("statistics_dirty_version");

export const statisticsJobs = pgTable(
  "statistics_jobs",
  {
    jobId: integer().primaryKey(),
    dirtyVersion: bigint({ mode: "number" }).default(sql`nextval('statistics_dirty_version')`),
    pricingVersion: bigint({ mode: "number" }).notNull().default(-1),
  },
  (t) => [
    index("statistics_jobs_dirty_idx")
      .on(t.jobId)
      .where(sql`${t.dirtyVersion} is not null`),
    index().on(t.pricingVersion),
  ],
);

/**
 * The roll-up: a live job's reported hours per local work date (its shift's start in the job's
 * country's zone), as statistics count them (filled places on live shifts and slots): seconds
 * approved and pending, and the client price of the approved ones (exact minor-unit minutes, in
 * the job's currency; null currency: nothing approved that day). It carries what the readers
 * filter on — the job's company and the shared pricing version it was priced under (its job's
 * statistics_jobs.pricing_version) — so they sum one index range of dates without joining jobs;
 * a change of the job's company or deleted_at marks the job (migration
 * 0034_statistics_money_level), and a deleted job has no rows. No foreign key: the sweep drops
 * the rows of a job that is gone.
 */
export const statisticsJobDays = pgTable(
  "statistics_job_days",
  {
    jobId: integer().notNull(),
    localDate: date({ mode: "string" }).notNull(),
    approvedSeconds: numeric().notNull(),
    pendingSeconds: numeric().notNull(),
    currency: char({ length: 3 }),
    approvedPrice: bigint({ mode: "number" }).notNull(),
    companyId: integer().notNull(),
    pricingVersion: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.localDate] }),
    // Index-only reads of a range of dates: every column the statistics sum or filter on
    // (drizzle has no INCLUDE, so they are keys).
    index("statistics_job_days_local_date_totals_idx").on(
      t.localDate,
      t.jobId,
      t.companyId,
      t.pricingVersion,
      t.currency,
      t.approvedSeconds,
      t.pendingSeconds,
      t.approvedPrice,
    ),
  ],
);

/**
 * The month level of the roll-up: per month (its first day), client and currency the sum of
 * every statistics_job_days row of that month — rows of marked jobs included, which the readers
 * subtract again and compute live —, so a whole month of a range is a few rows per client
 * instead of its ~2,500 job-days. Only the sweep writes job-days, and it moves these totals by
 * the same rows in the same transaction, so they always equal the job-days' sum
 * (lib/services/statistics/job-days.ts). Currency null: days with nothing approved. Company 0
 * (ALL_CLIENTS): the month's total over every client, which the per-month charts read.
 */
export const statisticsMonthTotals = pgTable(
  "statistics_month_totals",
  {
    month: date({ mode: "string" }).notNull(),
    companyId: integer().notNull(),
    currency: char({ length: 3 }),
    approvedSeconds: numeric().notNull(),
    pendingSeconds: numeric().notNull(),
    approvedPrice: bigint({ mode: "number" }).notNull(),
    /** How many job-days are summed: a group whose days are all subtracted again is absent. */
    days: integer().notNull(),
  },
  (t) => [
    unique().on(t.month, t.companyId, t.currency).nullsNotDistinct(),
    // Index-only reads of one client's (or all clients') range of months (drizzle has no
    // INCLUDE, so they are keys); the unique key serves a range of months of every client.
    index("statistics_month_totals_company_totals_idx").on(
      t.companyId,
      t.month,
      t.currency,
      t.approvedSeconds,
      t.pendingSeconds,
      t.approvedPrice,
      t.days,
    ),
    // Index-only reads of a range of months of every client (per-client statistics over all
    // clients, issue 27): without it a year of the 505 clients of the scale data was a seq scan of
    // the whole table, all-clients rows and other years included. The all-clients rows are left out.
    index("statistics_month_totals_clients_month_idx")
      .on(
        t.month,
        t.companyId,
        t.currency,
        t.approvedSeconds,
        t.pendingSeconds,
        t.approvedPrice,
        t.days,
      )
      .where(sql`${t.companyId} <> 0`),
  ],
);

/**
 * The count roll-up (issue 27, lib/services/statistics/count-days.ts): per local date what the
 * count charts draw — `source` "jobs" (a job's first shift's date in its country's zone; series
 * "live" and "cancelled") and "users" (creation date in the agency's zone; series "worker",
 * "client", "office"). A date's totals count only while it has no mark of its source
 * (statistics_count_marks); a marked date is counted live.
 */
export const statisticsCountDays = pgTable(
  "statistics_count_days",
  {
    source: text().notNull(),
    localDate: date({ mode: "string" }).notNull(),
    series: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.localDate, t.series] })],
);

/**
 * The count roll-up's level for jobs per client: live jobs (not cancelled) per client and local
 * month (`month`: its first day). Per day and client it would be as big as the jobs. A month
 * counts only while no date of it has a "jobs" mark; marked and partial months count live.
 */
export const statisticsClientMonths = pgTable(
  "statistics_client_months",
  {
    month: date({ mode: "string" }).notNull(),
    companyId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.companyId] }),
    // A range of months read index-only with its counts (jobs-per-client reads every client's
    // months of the range, ~5,600 rows for a year at scale): the key alone made it fetch each row.
    index("statistics_client_months_month_n_idx").on(t.month, t.companyId, t.n),
  ],
);

/**
 * A date whose jobs or users changed since its counts were written: one row per writing
 * statement and date (inserted by triggers in the writer's transaction, never updated, so
 * writers never wait on each other); the sweep deletes exactly the marks it read.
 */
export const statisticsCountMarks = pgTable(
  "statistics_count_marks",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    source: text().notNull(),
    localDate: date({ mode: "string" }).notNull(),
  },
  (t) => [index().on(t.source, t.localDate)],
);

/**
 * The calendar's day counts for the office without filters (issue 27): per quarter hour (UTC,
 * every zone's midnight falls on one), how many live shifts of live jobs start in it and how
 * many end in it (an end on the quarter's first instant belongs to the quarter before), as
 * deltas — rows are only ever inserted by the writers (triggers of the migration adding this
 * table), so writers never wait on each other; the sweep sums each quarter's rows into one.
 */
export const calendarShiftQuarters = pgTable(
  "calendar_shift_quarters",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: tstz().notNull(),
    starts: integer().notNull(),
    ends: integer().notNull(),
  },
  // The month reads its quarters' counts from the index alone.
  (t) => [index().on(t.at, t.starts, t.ends)],
);

/**
 * The per-worker figures of /insights for its standard periods without a company or branch
 * filter (issue 27, lib/services/statistics/standard-answers.ts), as the live path computes
 * them, written by the background round only; `key` names what and the period. A chart's
 * answer is `answer`, the workers download's file (the default period) is stored through the
 * files port under `file_key`.
 */
export const statisticsAnswers = pgTable(
  "statistics_answers",
  {
    key: text().primaryKey(),
    computedAt: tstz().notNull(),
    answer: jsonb(),
    /** A stored download's key in the files port (lib/files/storage.ts), streamed to the caller. */
    fileKey: text(),
  },
  (t) => [
    check("statistics_answers_one_value", sql`(${t.answer} is null) <> (${t.fileKey} is null)`),
  ],
);

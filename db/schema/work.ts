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
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, tstz, updatedAt } from "./_columns";
import { branches, countries, dressCodes, skills } from "./org";
import { users } from "./users";
import { companies, venues } from "./clients";
import { APPLICATION_STATUSES, JOB_STATUSES } from "@/lib/domain/statuses";

export { APPLICATION_STATUSES, JOB_STATUSES };

export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const applicationStatus = pgEnum("application_status", APPLICATION_STATUSES);

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    name: text().notNull(),
    status: jobStatus().notNull().default("Published"),
    reason: text(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    venueId: integer().references(() => venues.id),
    city: text(),
    address: text(),
    zip: text(),
    province: text(),
    entrance: text(),
    invoiceReference: text(),
    details: text(),
    contactOnLocationId: integer().references(() => users.id),
    projectManagerId: integer().references(() => users.id),
    bookerId: integer().references(() => users.id),
    dressCodeId: integer().references(() => dressCodes.id),
    /** First shift start and last shift end, kept in step with the shifts for list queries. */
    startsAt: tstz(),
    endsAt: tstz(),
    createdById: integer().references(() => users.id),
    /**
     * Bumped (by database triggers, migration 0023) whenever what prices this job's hours
     * changes: its company or country, its book_from_branches, its own client rates, a slot's
     * skill. A stored client price (reported_hours.client_price_*) is trusted only while its
     * job stamp equals this.
     */
    pricingVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [
    index().on(t.startsAt, t.id),
    // Live jobs by first shift with what the job statistics group and filter on: the jobs and
    // jobs-per-client charts of a range read this index alone (issue 27: not the jobs table).
    index("jobs_live_starts_at_idx")
      .on(t.startsAt, t.countryId, t.companyId, t.status)
      .where(sql`${t.deletedAt} is null`),
    // Live jobs by end: the upcoming/past split and its count, answered from the index alone;
    // with the start beside it, the upcoming list's earliest start too (see listJobs). The id,
    // company, country and status (keys: drizzle has no INCLUDE) let the calendar month pick
    // the visible jobs of its grid from the index alone (5,800 at scale: 1,260 → 60 buffers).
    index("jobs_live_ends_at_idx")
      .on(t.endsAt, t.startsAt, t.id, t.companyId, t.countryId, t.status)
      .where(sql`${t.deletedAt} is null`),
    // Archived jobs (their shifts stay live): the office's unfiltered calendar month leaves
    // their shifts out instead of checking each shift's job against the grid's every live job.
    index("jobs_archived_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index().on(t.companyId, t.startsAt),
    // A company's live jobs counted from the index alone (the clients list's jobs_count, per
    // row of the page): through (company_id, starts_at) each of a page's companies read its ~100
    // jobs from the heap to check deleted_at (972 buffers a page at scale).
    index("jobs_live_company_idx")
      .on(t.companyId)
      .where(sql`${t.deletedAt} is null`),
    index().on(t.countryId, t.startsAt),
    index().on(t.status),
    index().on(t.projectManagerId),
    index().on(t.contactOnLocationId),
    index().on(t.dressCodeId),
    index("jobs_name_lower_idx").on(sql`lower(${t.name})`),
  ],
);

/** book_from_branches: the branches whose workers may be booked on the job. */
export const jobBranches = pgTable(
  "job_branches",
  {
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.branchId] }), index().on(t.branchId)],
);

export const shifts = pgTable(
  "shifts",
  {
    id: id(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    startsAt: tstz().notNull(),
    endsAt: tstz().notNull(),
    projectManagerId: integer().references(() => users.id),
    contactOnLocationId: integer().references(() => users.id),
    dressCodeId: integer().references(() => dressCodes.id),
    dressCodeNotes: text(),
    notesForWorkers: text(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Removed in the job editor after it had bookings: kept, with its history, but hidden. */
    deletedAt: tstz(),
  },
  (t) => [
    index().on(t.jobId, t.startsAt),
    index().on(t.startsAt),
    index().on(t.dressCodeId),
    // Live shifts not yet ended: the dashboard's running shifts and late check-in alerts.
    index("shifts_live_ends_at_idx")
      .on(t.endsAt)
      .where(sql`${t.deletedAt} is null`),
    // Live shifts by start with what the calendar's range and join read (drizzle has no
    // INCLUDE, so they are keys): a month's 23,000 shifts at scale from the index alone.
    index("shifts_live_starts_at_idx")
      .on(t.startsAt, t.endsAt, t.jobId, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const shiftSlots = pgTable(
  "shift_slots",
  {
    id: id(),
    shiftId: integer()
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
    positions: integer().notNull(),
    /**
     * How many of its applications hold a place (FILLED_STATUSES), kept by triggers on
     * applications (migration shift_slots_booked; never written by the app, db:check
     * "slot-booked"): the calendar reads each event's fill from the slot instead of counting
     * its applications (a month view at scale: ~420 index probes). Every verb that fills or frees
     * a place holds the slot's lock already (lib/services/applications/locks.ts), so the
     * trigger's update waits for no one.
     */
    booked: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [
    // One live slot per skill on a shift; removed slots keep their history beside it.
    uniqueIndex("shift_slots_shift_skill_unique")
      .on(t.shiftId, t.skillId)
      .where(sql`${t.deletedAt} is null`),
    // A shift's live slots with their positions and booked places from the index alone (keys:
    // drizzle has no INCLUDE): the calendar sums both for every event it shows without a heap
    // fetch (336 at scale: 1,433 → 1,009 buffers, then no applications probed at all).
    index("shift_slots_live_fill_idx")
      .on(t.shiftId, t.positions, t.booked)
      .where(sql`${t.deletedAt} is null`),
    index().on(t.skillId),
  ],
);

/**
 * Every slot once under each branch its job books from (`branch_id` 0: the job names none, so any
 * branch may book), with its skill and its shift's start: new-jobs walks one worker branch (and
 * 0) by start and stops at the page, instead of every upcoming shift (issue 27). Triggers keep it
 * (migration 0035) from shift_slots, shifts and job_branches, so no writer can leave it behind;
 * it holds removed slots and jobs of every status too, and new-jobs tests those on the rows.
 */
export const slotBookBranches = pgTable(
  "slot_book_branches",
  {
    shiftSlotId: integer()
      .notNull()
      .references(() => shiftSlots.id, { onDelete: "cascade" }),
    /** A branch the job books from, or 0 when it names none (no foreign key for that reason). */
    branchId: integer().notNull(),
    shiftId: integer()
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    startsAt: tstz().notNull(),
    skillId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shiftSlotId, t.branchId] }),
    // The walk: one branch, upcoming by start, in the page's order; the skill last so the
    // walk tests it on the index entry without reading the row.
    index("slot_book_branches_walk_idx").on(
      t.branchId,
      t.startsAt,
      t.shiftId,
      t.shiftSlotId,
      t.skillId,
    ),
    index().on(t.shiftId),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: id(),
    shiftSlotId: integer()
      .notNull()
      .references(() => shiftSlots.id, { onDelete: "cascade" }),
    /** Denormalised from the slot: overlap and rest-time checks look up by worker and shift. */
    shiftId: integer()
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    /**
     * Denormalised from the shift, kept by triggers (migration 0031: set on insert and on a move
     * to another shift, rewritten when the shift's start changes; never written by the app): the
     * approvals inbox pages one status newest shift first along an index of its own.
     */
    shiftStartsAt: tstz(),
    assigneeId: integer()
      .notNull()
      .references(() => users.id),
    createdById: integer().references(() => users.id),
    bookedById: integer().references(() => users.id),
    status: applicationStatus().notNull(),
    bookedAt: tstz(),
    checkInAt: tstz(),
    /** The worker's "I'm done": the suggested end of its hours report. */
    checkOutAt: tstz(),
    bookAnyway: boolean().notNull().default(false),
    closely: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("applications_shift_assignee_unique").on(t.shiftId, t.assigneeId),
    index().on(t.shiftSlotId, t.status),
    index().on(t.assigneeId, t.status),
    // The approvals inbox counts and pages one status (Reported, Approved, …) of every job:
    // without it the count read all applications (a million at scale) to find them.
    index("applications_status_shift_idx").on(t.status, t.shiftId),
    // The approvals inbox's page: one status, newest shift first, stopping at the page (without
    // it the page walked every upcoming shift, 21,000 at scale, to reach the first with hours).
    index("applications_status_shift_starts_idx").on(
      t.status,
      t.shiftStartsAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The status sweep: places still held on shifts that may have ended.
    index("applications_booked_shift_idx")
      .on(t.shiftId)
      .where(sql`${t.status} in ('Booked', 'Request accepted')`),
  ],
);

export const reportedHours = pgTable(
  "reported_hours",
  {
    id: id(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    shiftSlotId: integer()
      .notNull()
      .references(() => shiftSlots.id, { onDelete: "cascade" }),
    startsAt: tstz().notNull(),
    endsAt: tstz().notNull(),
    iWasLate: boolean().notNull().default(false),
    /** The worker's own words; an office correction never overwrites them. */
    comment: text(),
    /** What the office added when it corrected the report. */
    officeComment: text(),
    createdById: integer().references(() => users.id),
    /** Who last changed the times (the worker or the office). */
    updatedById: integer().references(() => users.id),
    approvedById: integer().references(() => users.id),
    approvedAt: tstz(),
    /**
     * The client price of the approved hours once known, so statistics add stored prices in
     * SQL instead of pricing every report (issue 27): exact "minor-unit minutes" (costOf, before
     * rounding), in `clientPriceCurrency`. Trusted only while `clientPriceVersion` equals
     * pricing_versions.version and `clientPriceJobVersion` equals jobs.pricing_version (see
     * lib/services/statistics/stored-prices.ts); otherwise, or when null, priced live.
     */
    clientPrice: bigint({ mode: "number" }),
    clientPriceCurrency: char({ length: 3 }),
    clientPriceVersion: bigint({ mode: "number" }),
    clientPriceJobVersion: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reported_hours_application_unique").on(t.applicationId),
    index().on(t.shiftSlotId),
    // The price sweep's "anything approved without a price?" (stored-prices.ts).
    index("reported_hours_unpriced_idx")
      .on(t.id)
      .where(sql`${t.approvedAt} is not null and ${t.clientPrice} is null`),
  ],
);

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

export const shiftCrewBosses = pgTable(
  "shift_crew_bosses",
  {
    shiftId: integer()
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.shiftId, t.userId] }), index().on(t.userId)],
);

export const noteableType = pgEnum("noteable_type", ["jobs", "users"]);

export const notes = pgTable(
  "notes",
  {
    id: id(),
    noteableType: noteableType().notNull(),
    noteableId: integer().notNull(),
    comment: text().notNull(),
    isPinned: boolean().notNull().default(false),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.noteableType, t.noteableId, t.isPinned, t.createdAt)],
);

export const jobTemplates = pgTable(
  "job_templates",
  {
    id: id(),
    name: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    createdById: integer().references(() => users.id),
    /** Job fields and shifts ({ startDate, startHour, endHour, skills, status, id }). */
    jsonData: jsonb().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId), index("job_templates_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** Workers on call: reachable at short notice. */
export const onCall = pgTable("on_call", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  addedById: integer().references(() => users.id),
  createdAt: createdAt(),
});

export const favoriteJobs = pgTable(
  "favorite_jobs",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

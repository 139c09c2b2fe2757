import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
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

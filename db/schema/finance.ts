import {
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, money, tstz, updatedAt } from "./_columns";
import { branches, countries, equipmentCategories, levels, skills } from "./org";
import { users } from "./users";
import { companies, venues } from "./clients";
import { jobs, reportedHours } from "./work";

/**
 * What the client pays per hour for a skill, per company and branch (optionally for one job).
 * Night prices apply inside the night window (HH:mm, may cross midnight); weekend prices on
 * Saturday and Sunday in the job's time zone.
 */
export const clientRates = pgTable(
  "client_rates",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
    levelId: integer().references(() => levels.id),
    jobId: integer().references(() => jobs.id, { onDelete: "cascade" }),
    currencyCode: char({ length: 3 }).notNull(),
    standardPrice: money().notNull(),
    weekendPrice: money(),
    nightPrice: money(),
    nightStart: text(),
    nightEnd: text(),
    /** The worker's hourly pay assumed when pricing this rate (for margins). */
    rateWorker: money(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("client_rates_scope_unique")
      .on(t.companyId, t.branchId, t.skillId, t.levelId, t.jobId)
      .nullsNotDistinct(),
    index().on(t.jobId),
    // Where a branch is used (its delete dialog and the /branches list count its rates).
    index().on(t.branchId),
  ],
);

export const ratePresets = pgTable(
  "rate_presets",
  {
    id: id(),
    name: text().notNull(),
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    branchId: integer().references(() => branches.id),
    jsonData: jsonb().notNull(),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.branchId)],
);

/**
 * What a worker earns per hour; userId set for a per-user custom rate, jobId for one job.
 * `amount` is the standard band; weekend and night bands work as on client rates (null: the
 * standard amount applies), priced by the same engine (lib/domain/pricing.ts).
 */
export const workerRates = pgTable(
  "worker_rates",
  {
    id: id(),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
    levelId: integer().references(() => levels.id),
    branchId: integer().references(() => branches.id),
    countryId: integer().references(() => countries.id),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    jobId: integer().references(() => jobs.id, { onDelete: "cascade" }),
    currencyCode: char({ length: 3 }).notNull(),
    amount: money().notNull(),
    weekendAmount: money(),
    nightAmount: money(),
    nightStart: text(),
    nightEnd: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("worker_rates_scope_unique")
      .on(t.skillId, t.levelId, t.countryId, t.branchId, t.userId, t.jobId)
      .nullsNotDistinct(),
    index().on(t.userId),
    index().on(t.jobId),
    index().on(t.branchId),
  ],
);

export const additionalCostCategory = pgEnum("additional_cost_category", [
  "travel",
  "equipment",
  "food",
  "other",
]);

/** Extra costs of a job beyond crew hours; `description` is the note shown beside the amount. */
export const additionalCosts = pgTable(
  "additional_costs",
  {
    id: id(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    category: additionalCostCategory().notNull().default("other"),
    /** For equipment costs: which kind of equipment (archived categories stay on history). */
    equipmentCategoryId: integer().references(() => equipmentCategories.id),
    description: text(),
    quantity: integer().notNull().default(1),
    unitAmount: money().notNull(),
    currencyCode: char({ length: 3 }).notNull(),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.jobId), index().on(t.equipmentCategoryId)],
);

export const quoteStatus = pgEnum("quote_status", ["Draft", "Sent", "Accepted", "Declined"]);

/**
 * A priced offer to a client (issue 24). "Expired" is derived on read (a Draft or Sent quote past
 * `validUntil`), never written: a GET never writes. A sent quote is never edited in place: an
 * edit makes a new revision (same `year`/`sequence`, `revision` + 1, `previousRevisionId`), and
 * the older one is marked `supersededAt`. Numbers (`Q-<year>-<sequence>`) come from
 * `number_sequences` inside the saving transaction, so they are gap-free.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    revision: integer().notNull().default(1),
    previousRevisionId: integer(),
    supersededAt: tstz(),
    status: quoteStatus().notNull().default("Draft"),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    venueId: integer().references(() => venues.id),
    /** Where the work is when no venue is chosen (free text address). */
    address: text(),
    name: text().notNull(),
    currencyCode: char({ length: 3 }).notNull(),
    validUntil: date({ mode: "string" }).notNull(),
    /** "percent" (value in basis points, 500 = 5 %) or "amount" (value in minor units). */
    discountKind: text(),
    discountValue: integer(),
    /** VAT of the client's country at saving, in basis points (2500 = 25 %); null: none. */
    vatBasisPoints: integer(),
    /** Notes for the client, printed on the quote. */
    notes: text(),
    /** Contacts and client details as they were when the quote was saved. */
    clientData: jsonb().notNull().default({}),
    /** Totals at saving, in minor units of `currencyCode`. */
    subtotalAmount: money().notNull().default(0),
    discountAmount: money().notNull().default(0),
    vatAmount: money().notNull().default(0),
    totalAmount: money().notNull().default(0),
    sentAt: tstz(),
    sentById: integer().references(() => users.id),
    decidedAt: tstz(),
    decidedById: integer().references(() => users.id),
    decisionComment: text(),
    /** The job this quote became once accepted (the job links back through this column). */
    jobId: integer().references(() => jobs.id, { onDelete: "set null" }),
    convertedAt: tstz(),
    /** A sent or accepted quote that is "deleted" is archived: kept, hidden from the list. */
    archivedAt: tstz(),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [
    unique("quotes_number_unique").on(t.year, t.sequence, t.revision),
    index().on(t.companyId, t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.createdAt),
    index().on(t.jobId),
    index().on(t.previousRevisionId),
  ],
);

/** One line of work on a quote; the band split and amount are stored as priced at saving. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: id(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    workDate: date({ mode: "string" }).notNull(),
    /** HH:mm in the branch's zone; an end at or before the start ends the next day. */
    startTime: text().notNull(),
    endTime: text().notNull(),
    skillId: integer()
      .notNull()
      .references(() => skills.id),
    levelId: integer().references(() => levels.id),
    positions: integer().notNull().default(1),
    breakMinutes: integer().notNull().default(0),
    standardMinutes: integer().notNull().default(0),
    weekendMinutes: integer().notNull().default(0),
    nightMinutes: integer().notNull().default(0),
    /** Hourly prices used (minor units); null when the card had no price for the skill. */
    standardPrice: money(),
    weekendPrice: money(),
    nightPrice: money(),
    amount: money().notNull().default(0),
  },
  (t) => [index().on(t.quoteId, t.position)],
);

/** Travel, equipment, food or other costs on a quote. */
export const quoteCosts = pgTable(
  "quote_costs",
  {
    id: id(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    category: additionalCostCategory().notNull().default("other"),
    description: text(),
    quantity: integer().notNull().default(1),
    unitAmount: money().notNull(),
  },
  (t) => [index().on(t.quoteId, t.position)],
);

/**
 * Gap-free counters (e.g. `quote:2027`): incremented with INSERT … ON CONFLICT DO UPDATE …
 * RETURNING inside the transaction that uses the number, so a rolled-back save gives it back.
 */
export const numberSequences = pgTable("number_sequences", {
  name: text().primaryKey(),
  value: integer().notNull().default(0),
});

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

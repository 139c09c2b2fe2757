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
} from "drizzle-orm/pg-core";
import { createdAt, id, money, tstz, updatedAt } from "./_columns";
import { branches, levels, skills } from "./org";
import { users } from "./users";
import { companies, venues } from "./clients";
import { jobs } from "./work";
import { additionalCostCategory } from "./finance";

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

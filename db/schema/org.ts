import {
  AnyPgColumn,
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./_columns";
import { roles, users } from "./users";

export const currencies = pgTable("currencies", {
  id: id(),
  code: char({ length: 3 }).notNull().unique(),
  name: text().notNull(),
  symbol: text().notNull(),
  minorUnits: integer().notNull().default(2),
});

export const countries = pgTable(
  "countries",
  {
    id: id(),
    name: text().notNull(),
    isoCode: char({ length: 2 }).notNull().unique(),
    currencyCode: char({ length: 3 })
      .notNull()
      .references(() => currencies.code),
    timeZone: text().notNull(),
    operational: boolean().notNull().default(true),
    phonePrefix: text(),
    /** Minimum rest between two bookings of one worker, in hours (booking rule). */
    restHours: integer().notNull().default(11),
    /** VAT the agency charges clients of this country, in basis points (2500 = 25 %); null: none. */
    vatBasisPoints: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.operational)],
);

export const branches = pgTable(
  "branches",
  {
    id: id(),
    name: text().notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    city: text(),
    address: text(),
    /**
     * The region whose public holidays price this branch's work, as date-holidays names it
     * ("GB-ENG", "DE-BY"); null: the country's national holidays only.
     */
    holidayRegion: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [uniqueIndex("branches_name_unique").on(t.name), index().on(t.countryId)],
);

export const languages = pgTable("languages", {
  id: id(),
  name: text().notNull().unique(),
  code: text().notNull().unique(),
  /** A language people speak is archived on delete: hidden from pickers, kept on profiles. */
  archivedAt: tstz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const skills = pgTable(
  "skills",
  {
    id: id(),
    name: text().notNull(),
    parentId: integer().references((): AnyPgColumn => skills.id, { onDelete: "restrict" }),
    order: integer().notNull().default(0),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [index().on(t.parentId, t.order), index().on(t.order)],
);

export const levels = pgTable(
  "levels",
  {
    id: id(),
    name: text().notNull().unique(),
    /** Ordering weight; higher means more experienced. */
    weight: integer().notNull().default(0),
    description: text(),
    /** A level in use is archived on delete: hidden from pickers, kept on history. */
    archivedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.weight)],
);

/**
 * What a worker must upload (spec §3 "document type"). `isRequired` makes it required for
 * every worker holding one of `document_type_roles` (every worker when none are listed);
 * `document_type_skills` names the skills that need it (the Book dialog warns). A type
 * in use is archived, not deleted, so old documents keep their name.
 */
export const documentTypes = pgTable("document_types", {
  id: id(),
  name: text().notNull().unique(),
  description: text(),
  isRequired: boolean().notNull().default(false),
  hasExpiry: boolean().notNull().default(false),
  /** How long before the expiry date the user and the office are warned. */
  warningMonths: integer().notNull().default(1),
  archivedAt: tstz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const documentTypeRoles = pgTable(
  "document_type_roles",
  {
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id, { onDelete: "cascade" }),
    roleId: integer()
      .notNull()
      .references((): AnyPgColumn => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.documentTypeId, t.roleId] }), index().on(t.roleId)],
);

export const documentTypeSkills = pgTable(
  "document_type_skills",
  {
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id, { onDelete: "cascade" }),
    skillId: integer()
      .notNull()
      .references(() => skills.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.documentTypeId, t.skillId] }), index().on(t.skillId)],
);

export const documentStatus = pgEnum("document_status", ["pending", "approved", "declined"]);

/**
 * A file a user uploaded for a document type (spec §4 "Document: approved or declined").
 * Past `expiresOn` it counts as missing; `expiryWarnedAt` makes the warning e-mail go once.
 */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    status: documentStatus().notNull().default("pending"),
    /** The last day the document is valid (a calendar date, no time zone). */
    expiresOn: date({ mode: "string" }),
    /** Why the office declined it; the user sees it. */
    declineReason: text(),
    reviewedById: integer().references(() => users.id),
    reviewedAt: tstz(),
    /**
     * Goes up by one each time the owner replaces the file or its expiry date, so a review
     * names the version it looked at and a stale one is refused (409).
     */
    version: integer().notNull().default(1),
    expiryWarnedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.documentTypeId),
    // Pending documents, the longest waiting first, with the owner the approvals count and the
    // list's id pick join to live users: both read the index alone (issue 27: the count read
    // ~2,000 heap pages at full scale).
    index().on(t.status, t.createdAt, t.id, t.userId),
    index().on(t.documentTypeId),
    index().on(t.expiresOn),
    // The office's list of everyone's documents, newest first (issue 27: no sort of them all),
    // with the owner and type the list's id pick reads: a deep page and the capped count walk
    // the index alone.
    index().on(t.createdAt, t.id, t.userId, t.documentTypeId),
  ],
);

export const equipmentCategories = pgTable("equipment_categories", {
  id: id(),
  name: text().notNull().unique(),
  description: text(),
  archivedAt: tstz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dressCodes = pgTable(
  "dress_codes",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("dress_codes_name_unique").on(t.name)],
);

export const helpCategories = pgTable(
  "help_categories",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    /** Role ids the category is meant for; empty means everyone. */
    targetRoles: jsonb().$type<number[]>().notNull().default([]),
    weight: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.weight)],
);

export const helpArticles = pgTable(
  "help_articles",
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => helpCategories.id, { onDelete: "cascade" }),
    title: text().notNull(),
    body: text().notNull(),
    weight: integer().notNull().default(0),
    createdById: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.categoryId, t.weight)],
);

/**
 * Images uploaded for help articles; the files port holds the bytes under `key`. Which
 * articles show one is kept in help_article_images (written with the article), so an image
 * that no article shows a week after its upload is found by an index and removed by the
 * background sweep (lib/services/help/image-sweep.ts).
 */
export const helpImages = pgTable(
  "help_images",
  {
    id: id(),
    key: text().notNull().unique(),
    uploadedById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

export const helpArticleImages = pgTable(
  "help_article_images",
  {
    articleId: integer()
      .notNull()
      .references(() => helpArticles.id, { onDelete: "cascade" }),
    imageId: integer()
      .notNull()
      .references(() => helpImages.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.imageId] }), index().on(t.imageId)],
);

/** Installation-wide settings, e.g. `two_factor_required_for_admins`. */
/**
 * Days the agency prices as holidays beyond the public ones date-holidays knows for a country
 * (Grundlovsdag, Midsommarafton): a date-holidays rule ("06-05", "friday after 06-19") so the
 * day recurs every year, with the name the agency gave it.
 */
export const agencyHolidays = pgTable(
  "agency_holidays",
  {
    id: id(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    rule: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("agency_holidays_country_rule_unique").on(t.countryId, t.rule)],
);

export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

import {
  AnyPgColumn,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, tstz, updatedAt } from "./_columns";
import { branches, countries, skills } from "./org";
import { users } from "./users";

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text().notNull(),
    taxId: text(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    defaultBranchId: integer().references(() => branches.id),
    address: text(),
    city: text(),
    zip: text(),
    phone: text(),
    email: text(),
    typeOfWork: text(),
    safetyRequirements: text(),
    waterPolicy: text(),
    dressCode: text(),
    foodPolicy: text(),
    valueWorkers: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [
    index("companies_name_lower_idx").on(sql`lower(${t.name})`),
    index().on(t.countryId),
    index().on(t.taxId),
  ],
);

/** People who act for a company (client contacts, COL). */
export const companyUsers = pgTable(
  "company_users",
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index().on(t.userId)],
);

export const companyPreferredSkills = pgTable(
  "company_preferred_skills",
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    skillId: integer()
      .notNull()
      .references(() => skills.id, { onDelete: "cascade" }),
    order: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.skillId] })],
);

export const keyAccountManagers = pgTable(
  "key_account_managers",
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index().on(t.userId)],
);

export const companyFiles = pgTable(
  "company_files",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    uploadedById: integer().references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);

export const venueStatus = pgEnum("venue_status", ["private", "public", "declined"]);

export const venues = pgTable(
  "venues",
  {
    id: id(),
    name: text().notNull(),
    entrance: text(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    city: text(),
    address: text(),
    zip: text(),
    province: text(),
    notes: text(),
    /** Owner company; null for venues created by the agency itself. */
    companyId: integer().references(() => companies.id),
    status: venueStatus().notNull().default("private"),
    /** Set on a clone: the public venue it was copied from. */
    originalId: integer().references((): AnyPgColumn => venues.id),
    type: integer().notNull().default(1),
    createdById: integer().references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [index().on(t.status, t.name), index().on(t.companyId), index().on(t.countryId)],
);

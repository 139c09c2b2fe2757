import { char, index, integer, jsonb, pgEnum, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./_columns";
import { branches, countries, equipmentCategories, levels, skills } from "./org";
import { users } from "./users";
import { companies } from "./clients";
import { jobs } from "./work";

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

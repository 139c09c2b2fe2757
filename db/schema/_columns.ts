import { integer, timestamp } from "drizzle-orm/pg-core";

// Shared column builders. Times are timestamptz in UTC (DESIGN.md §5).
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const tstz = () => timestamp({ withTimezone: true, mode: "date" });
export const createdAt = () => tstz().notNull().defaultNow();
export const updatedAt = () =>
  tstz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money is integer minor units beside an ISO 4217 code; never floats. */
export const money = () => integer();

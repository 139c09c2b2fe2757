import { check, date, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id } from "./_columns";
import { users } from "./users";

/**
 * A day a worker marked unavailable (issue 25, user calendar). A calendar date, no time zone:
 * the worker's own day. One row per user and day; the unique index also serves the month
 * read (user_id = ? and day between ? and ?).
 */
export const unavailableDays = pgTable(
  "unavailable_days",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("unavailable_days_user_day_unique").on(t.userId, t.day),
    check("unavailable_days_note_length", sql`char_length(${t.note}) <= 200`),
  ],
);

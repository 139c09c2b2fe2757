import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz } from "./_columns";
import { users } from "./users";

/**
 * A user's private calendar feed (an iCal URL its phone subscribes to). Only the SHA-256 of
 * the URL's token is stored; regenerating replaces it, so the old URL stops at once. One per
 * user; no row: the feed is off.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_user_unique").on(t.userId),
    uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash),
  ],
);

import { bigint, integer, pgTable } from "drizzle-orm/pg-core";
import { tstz } from "./_columns";
import { users } from "./users";

/**
 * Up to which chat message a user's unread-messages digest went (issue 26): the next digest
 * covers only unread messages after it, so one message is never in two digests.
 */
export const chatDigestMarks = pgTable("chat_digest_marks", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastMessageId: bigint({ mode: "number" }).notNull(),
  digestedAt: tstz().notNull(),
});

import { bigint, index, integer, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, id, tstz } from "./_columns";
import { users } from "./users";
import { jobs } from "./work";

export const chatType = pgEnum("chat_type", ["private", "job"]);

export const chats = pgTable(
  "chats",
  {
    id: id(),
    type: chatType().notNull().default("private"),
    jobId: integer().references(() => jobs.id, { onDelete: "cascade" }),
    lastMessageAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.jobId), index().on(t.lastMessageAt)],
);

/** Membership and read state: unread = messages after lastReadMessageId. */
export const chatParticipants = pgTable(
  "chat_participants",
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: bigint({ mode: "number" }),
    lastReadAt: tstz(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index().on(t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer()
      .notNull()
      .references(() => users.id),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.chatId, t.id)],
);

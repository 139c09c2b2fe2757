import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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
    /**
     * A private chat's pair, "<lower user id>:<higher user id>": unique, so two people starting
     * a conversation with each other at the same moment end up in the same one.
     */
    pairKey: text(),
    lastMessageAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    // A job has one chat (POST jobs/admin-job-chat is race-safe on it).
    uniqueIndex("chats_job_id_unique").on(t.jobId),
    uniqueIndex("chats_pair_key_unique").on(t.pairKey),
    index().on(t.lastMessageAt),
  ],
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
  (t) => [
    index().on(t.chatId, t.id),
    // The send rate limit: the sender's messages of the last minute.
    index().on(t.senderId, t.createdAt),
  ],
);

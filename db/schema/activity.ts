import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, tstz } from "./_columns";
import { users } from "./users";

/** One row per write verb, written in the same transaction as the change (DESIGN.md §5). */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    logName: text().notNull(),
    description: text().notNull(),
    subjectType: text(),
    subjectId: integer(),
    causerId: integer().references(() => users.id, { onDelete: "set null" }),
    properties: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The log reads newest first by (created_at, id): with the id in the index a page stops at
    // its LIMIT even where many rows share one instant (a bulk change, an import: 32,000 rows of
    // one timestamp at scale were sorted for every first page).
    index().on(t.createdAt, t.id),
    index().on(t.logName, t.createdAt, t.id),
    index().on(t.causerId, t.createdAt, t.id),
    index().on(t.subjectType, t.subjectId, t.createdAt),
  ],
);

export const mailStatus = pgEnum("mail_status", ["queued", "sent", "failed"]);

/** Every outgoing e-mail; the default mail port leaves it here, SMTP delivers it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    template: text().notNull(),
    /** Files sent with the message: each stored in the files port under `key`; one not yet
     *  stored is typeset from its `source` at the first delivery attempt and stored there,
     *  so every retry (and every recipient of the same send) gets the same bytes. */
    attachments: jsonb()
      .$type<
        {
          filename: string;
          contentType: string;
          key: string;
          source?: { kind: "quote"; id: number } | { kind: "text"; body: string };
        }[]
      >()
      .notNull()
      .default([]),
    status: mailStatus().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    error: text(),
    sentAt: tstz(),
    createdAt: createdAt(),
    /** The user it was sent to (notifications; null for mail to an address only). */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The notification preference key it belongs to (its unsubscribe link turns that off). */
    category: text(),
    /** One mail per event: a second insert with the same key is a no-op. */
    idempotencyKey: text(),
    /** Extra headers for the SMTP message (List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    index().on(t.createdAt),
    uniqueIndex().on(t.idempotencyKey),
    index().on(t.userId, t.id),
  ],
);

/** "Invite a friend": who invited which address; acceptedUserId links the referral. */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    email: text().notNull(),
    invitedById: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    acceptedUserId: integer().references(() => users.id, { onDelete: "set null" }),
    acceptedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.invitedById, t.createdAt), index().on(t.email)],
);

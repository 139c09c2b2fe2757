import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema } from "@/db";
import type { TxCtx } from "../context";
import { notifyUser } from "./notify";

/** A chat message waits this long unread before it goes into a digest. */
export const DIGEST_AFTER_MS = 15 * 60 * 1000;

/** "A", "A and B", "A, B and C", "A, B and 3 others". */
export function senderList(names: string[]): string {
  const shown = names.slice(0, 3);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} other${rest === 1 ? "" : "s"}`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

export const digestLine = (count: number, names: string[]) =>
  `You have ${count} unread ${count === 1 ? "message" : "messages"} from ${senderList(names)}`;

const p = schema.chatParticipants;
const m = schema.chatMessages;
const u = schema.users;
const k = schema.chatDigestMarks;

/**
 * The background loop's chat digest: each user with chat messages unread for 15 minutes that no
 * digest covered yet gets one e-mail naming how many and from whom, with a link to /live-chat,
 * never the messages themselves (private content). chat_digest_marks records up to which
 * message a digest went; the idempotency key (user and last message) keeps two app instances
 * from sending the same digest twice.
 */
export async function sweepChatDigests(ctx: TxCtx, limit = 100): Promise<number> {
  const before = new Date(ctx.now.getTime() - DIGEST_AFTER_MS);
  const sender = alias(u, "sender");
  const rows = await ctx.db
    .select({
      userId: p.userId,
      n: sql<number>`count(*)::int`,
      lastId: sql<number>`max(${m.id})::bigint`,
      senders: sql<string[]>`array_agg(distinct ${sender.name} order by ${sender.name})`,
    })
    .from(p)
    .innerJoin(m, eq(m.chatId, p.chatId))
    .innerJoin(sender, eq(sender.id, m.senderId))
    .innerJoin(u, eq(u.id, p.userId))
    .leftJoin(k, eq(k.userId, p.userId))
    .where(
      and(
        ne(m.senderId, p.userId),
        sql`${m.id} > coalesce(${p.lastReadMessageId}, 0)`,
        sql`${m.id} > coalesce(${k.lastMessageId}, 0)`,
        lte(m.createdAt, before),
        eq(u.status, "active"),
        isNull(u.deletedAt),
        sql`(${u.notificationPrefs}->>'chat_digest') is distinct from 'false'`,
      ),
    )
    .groupBy(p.userId)
    .orderBy(p.userId)
    .limit(limit);
  let sent = 0;
  for (const row of rows) {
    const userId = row.userId;
    const lastId = Number(row.lastId);
    const line = digestLine(Number(row.n), row.senders);
    const id = await notifyUser(
      ctx.db,
      {
        userId,
        category: "chat_digest",
        key: `chat_digest:${userId}:${lastId}`,
        template: "chat_digest",
        subject: line,
        paragraphs: [`${line}.`, "Open the live chat in Crewdeck to read and answer them."],
        link: { label: "Open the live chat", path: "/live-chat" },
      },
      ctx.now,
    );
    await ctx.db
      .insert(k)
      .values({ userId, lastMessageId: lastId, digestedAt: ctx.now })
      .onConflictDoUpdate({
        target: k.userId,
        set: {
          lastMessageId: sql`greatest(${k.lastMessageId}, excluded.last_message_id)`,
          digestedAt: ctx.now,
        },
      });
    if (id !== null) sent++;
  }
  return sent;
}

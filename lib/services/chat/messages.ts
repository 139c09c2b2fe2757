import { and, asc, count, desc, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { publishRealtime } from "@/lib/realtime";
import { withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageMeta } from "../pagination";
import { parseInput } from "../validate";
import { CHAT_NOT_FOUND, participantChat, requireChatUser } from "./access";
import { CATCH_UP_MAX, chatMessagesInput } from "./schemas";
import { chatSummaries } from "./summaries";
import type { ChatMessage, ChatMessagesPage } from "./types";

const m = schema.chatMessages;

const messageColumns = {
  id: m.id,
  chatId: m.chatId,
  body: m.body,
  createdAt: m.createdAt,
  senderId: m.senderId,
  senderName: schema.users.name,
};

type MessageRow = {
  id: number;
  chatId: number;
  body: string;
  createdAt: Date;
  senderId: number;
  senderName: string;
};

export const toChatMessage = (r: MessageRow, viewerId: number): ChatMessage => ({
  id: Number(r.id),
  chat_id: r.chatId,
  body: r.body,
  sender: { id: r.senderId, name: r.senderName },
  created_at: r.createdAt.toISOString(),
  mine: r.senderId === viewerId,
});

/**
 * GET chat/{chat_id}/messages: one page of the conversation, paged backwards (page 1 the newest
 * perPage messages), each page oldest first. Reading never marks read (a GET never writes):
 * POST chat/{chat_id}/read does.
 */
export async function chatMessages(
  ctx: Ctx,
  rawChatId: unknown,
  raw: unknown,
): Promise<ChatMessagesPage> {
  const actor = requireChatUser(ctx);
  const { page, perPage } = parseInput(chatMessagesInput, raw ?? {});
  const chatId = (await participantChat(ctx.db, actor, rawChatId)).chatId;
  const [[chat], [{ n }], rows] = await sideBySide(
    ctx.db,
    () => chatSummaries(ctx.db, actor.userId, { chatId }),
    () => ctx.db.select({ n: count() }).from(m).where(eq(m.chatId, chatId)),
    () =>
      ctx.db
        .select(messageColumns)
        .from(m)
        .innerJoin(schema.users, eq(schema.users.id, m.senderId))
        .where(eq(m.chatId, chatId))
        .orderBy(desc(m.id))
        .limit(perPage)
        .offset(offsetOf(page, perPage)),
  );
  if (!chat) throw new NotFoundError(CHAT_NOT_FOUND);
  return {
    chat,
    items: rows.reverse().map((r) => toChatMessage(r, actor.userId)),
    meta: pageMeta(page, perPage, Number(n)),
  };
}

const afterSchema = z.object({
  after: z.coerce
    .number({ error: "after must be a message id" })
    .int("after must be a message id")
    .min(0, "after must be a message id")
    .max(Number.MAX_SAFE_INTEGER, "after must be a message id"),
});

/**
 * GET chat/{chat_id}/messages?after=ID: the messages after a message id, oldest first, at most
 * 100 — what a reconnecting client missed. Nothing is lost or shown twice: it asks again after
 * the last one it got.
 */
export async function chatMessagesAfter(
  ctx: Ctx,
  rawChatId: unknown,
  raw: unknown,
): Promise<ChatMessage[]> {
  const actor = requireChatUser(ctx);
  const { after } = parseInput(afterSchema, raw ?? {});
  const { chatId } = await participantChat(ctx.db, actor, rawChatId);
  const rows = await ctx.db
    .select(messageColumns)
    .from(m)
    .innerJoin(schema.users, eq(schema.users.id, m.senderId))
    .where(and(eq(m.chatId, chatId), gt(m.id, after)))
    .orderBy(asc(m.id))
    .limit(CATCH_UP_MAX);
  return rows.map((r) => toChatMessage(r, actor.userId));
}

/** The caller's unread messages in one chat after `lastRead`, and in all its chats. */
async function unreadAfterRead(db: DbOrTx, userId: number, chatId: number) {
  const p = schema.chatParticipants;
  const [row] = await db
    .select({
      total: count(),
      here: sql<number>`count(*) filter (where ${p.chatId} = ${chatId})`,
    })
    .from(p)
    .innerJoin(
      m,
      and(
        eq(m.chatId, p.chatId),
        gt(m.id, sql`coalesce(${p.lastReadMessageId}, 0)`),
        ne(m.senderId, userId),
      ),
    )
    .where(eq(p.userId, userId));
  return { here: Number(row?.here ?? 0), total: Number(row?.total ?? 0) };
}

const markReadSchema = z.object({
  message_id: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ error: "message_id must be a message id" })
      .int("message_id must be a message id")
      .positive("message_id must be a message id")
      .max(Number.MAX_SAFE_INTEGER, "message_id must be a message id")
      .optional(),
  ),
});

export const NOT_IN_CHAT = "That message is not in this conversation.";

/**
 * POST chat/{chat_id}/read { message_id? }: the caller has read the conversation up to
 * message_id (missing: the newest). The mark never moves backwards. The caller's other tabs and
 * devices hear it (a read event on its own channel only) and zero that chat's count. Answers
 * what is left unread there (0 unless newer messages came) and the caller's new total.
 */
export async function markChatRead(ctx: Ctx, rawChatId: unknown, raw: unknown) {
  const actor = requireChatUser(ctx);
  const input = parseInput(markReadSchema, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const part = await participantChat(ctx.db, actor, rawChatId, { lock: true });
    let target: number | null;
    if (input.message_id !== undefined) {
      const [msg] = await ctx.db
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.id, input.message_id), eq(m.chatId, part.chatId)));
      if (!msg) throw new ValidationError(NOT_IN_CHAT, { message_id: [NOT_IN_CHAT] });
      target = Number(msg.id);
    } else {
      const [last] = await ctx.db
        .select({ id: m.id })
        .from(m)
        .where(eq(m.chatId, part.chatId))
        .orderBy(desc(m.id))
        .limit(1);
      target = last ? Number(last.id) : null;
    }
    const before = part.lastReadMessageId === null ? null : Number(part.lastReadMessageId);
    const readUpTo = target === null ? before : Math.max(before ?? 0, target);
    if (readUpTo !== before) {
      await ctx.db
        .update(schema.chatParticipants)
        .set({ lastReadMessageId: readUpTo, lastReadAt: ctx.now })
        .where(
          and(
            eq(schema.chatParticipants.chatId, part.chatId),
            eq(schema.chatParticipants.userId, actor.userId),
          ),
        );
      await publishRealtime(ctx.db, [actor.userId], {
        type: "read",
        chat_id: part.chatId,
        message_id: readUpTo,
      });
    }
    const left = await unreadAfterRead(ctx.db, actor.userId, part.chatId);
    return { unread_messages: left.here, count: left.total };
  });
}

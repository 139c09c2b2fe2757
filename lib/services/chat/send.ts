import { and, count, eq, gte, sql } from "drizzle-orm";
import { schema, type Tx } from "@/db";
import { publishRealtime } from "@/lib/realtime";
import { withTx, type Ctx, type TxCtx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from "../errors";
import { isId } from "../params";
import {
  CHAT_NOT_FOUND,
  chatSide,
  liveChatUserSql,
  officeUserSql,
  participantChat,
  requireChatUser,
} from "./access";
import { toChatMessage } from "./messages";
import { CHAT_MESSAGE_MAX, MESSAGES_PER_MINUTE } from "./schemas";
import type { ChatMessage } from "./types";

export const CHAT_MESSAGES = {
  sent: "Message sent.",
  bodyRequired: "Write a message first.",
  bodyTooLong: `A message may be at most ${CHAT_MESSAGE_MAX.toLocaleString("en")} characters.`,
  noTarget: "Choose a conversation or a person to send the message to.",
  bothTargets: "Send the message to a conversation or to a person, not both.",
  self: "You cannot send a message to yourself.",
  userNotFound: "User not found.",
  cannotReceive: (name: string) => `${name} can no longer receive messages.`,
  noLiveChat: (name: string) => `${name} does not use the live chat.`,
  deactivated: "Your account is deactivated: you cannot send messages.",
  tooMany: `You are sending messages too quickly: at most ${MESSAGES_PER_MINUTE} a minute. Please wait a moment.`,
} as const;

const fieldsOf = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/** The body as stored: trimmed plain text, 1..2000 characters (never HTML: screens escape it). */
function bodyOf(raw: unknown): string {
  if (typeof raw !== "string" || raw.trim() === "")
    throw new ValidationError(CHAT_MESSAGES.bodyRequired, { body: [CHAT_MESSAGES.bodyRequired] });
  // NUL cannot be stored in PostgreSQL text.
  const body = raw.replace(/\u0000/g, "").trim();
  if (body === "")
    throw new ValidationError(CHAT_MESSAGES.bodyRequired, { body: [CHAT_MESSAGES.bodyRequired] });
  if ([...body].length > CHAT_MESSAGE_MAX)
    throw new ValidationError(CHAT_MESSAGES.bodyTooLong, { body: [CHAT_MESSAGES.bodyTooLong] });
  return body;
}

/**
 * Locks the sender's row (one sender's messages go one at a time, so the per-minute count holds
 * across app instances), re-reads that it is active, and counts its messages of the last minute.
 */
async function assertMaySend(ctx: TxCtx, actor: UserActor): Promise<void> {
  const u = schema.users;
  const [me] = await ctx.db
    .select({ status: u.status })
    .from(u)
    .where(eq(u.id, actor.userId))
    .for("no key update");
  if (!me || me.status !== "active") throw new ForbiddenError(CHAT_MESSAGES.deactivated);
  const m = schema.chatMessages;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(m)
    .where(
      and(eq(m.senderId, actor.userId), gte(m.createdAt, new Date(ctx.now.getTime() - 60_000))),
    );
  if (Number(n) >= MESSAGES_PER_MINUTE) throw new TooManyRequestsError(CHAT_MESSAGES.tooMany, 60);
}

interface TargetRow {
  id: number;
  name: string;
  status: string;
  approved: boolean;
  is_office: boolean;
  live_chat: boolean;
}

/**
 * The private chat of the caller and `rawTarget`, found or started. Who the caller may not talk
 * to does not exist for it (404); a deactivated person, or one without the live chat, 422.
 */
async function privateChatWith(ctx: TxCtx, actor: UserActor, rawTarget: unknown): Promise<number> {
  if (!isId(rawTarget)) throw new NotFoundError(CHAT_MESSAGES.userNotFound);
  const targetId = Number(rawTarget);
  if (targetId === actor.userId)
    throw new ValidationError(CHAT_MESSAGES.self, { target_user: [CHAT_MESSAGES.self] });
  const userId = sql`u.id`;
  const result = (await ctx.db.execute(
    sql`select u.id, u.name, u.status, u.approved,
          ${officeUserSql(userId)} as is_office, ${liveChatUserSql(userId)} as live_chat
        from users u where u.id = ${targetId} and u.deleted_at is null`,
  )) as unknown as { rows: TargetRow[] };
  const target = result.rows[0];
  if (!target || (chatSide(actor) !== "office" && !target.is_office))
    throw new NotFoundError(CHAT_MESSAGES.userNotFound);
  if (target.status !== "active") {
    const msg = CHAT_MESSAGES.cannotReceive(target.name);
    throw new ValidationError(msg, { target_user: [msg] });
  }
  if (!target.approved || !target.live_chat) {
    const msg = CHAT_MESSAGES.noLiveChat(target.name);
    throw new ValidationError(msg, { target_user: [msg] });
  }
  const pairKey = [actor.userId, targetId].sort((a, b) => a - b).join(":");
  // The unique pair key settles a race: the second insert waits for the first, then finds it.
  const [created] = await ctx.db
    .insert(schema.chats)
    .values({ type: "private", pairKey, createdAt: ctx.now })
    .onConflictDoNothing({ target: schema.chats.pairKey })
    .returning({ id: schema.chats.id });
  const chatId =
    created?.id ??
    (
      await ctx.db
        .select({ id: schema.chats.id })
        .from(schema.chats)
        .where(eq(schema.chats.pairKey, pairKey))
    )[0].id;
  await ctx.db
    .insert(schema.chatParticipants)
    .values([
      { chatId, userId: actor.userId, joinedAt: ctx.now },
      { chatId, userId: targetId, joinedAt: ctx.now },
    ])
    .onConflictDoNothing();
  return chatId;
}

/** A private chat's other person must still be able to receive (a job chat goes on). */
async function assertOtherActive(tx: Tx, chatId: number, actorId: number): Promise<void> {
  const p = schema.chatParticipants;
  const [other] = await tx
    .select({ name: schema.users.name, status: schema.users.status })
    .from(p)
    .innerJoin(schema.users, eq(schema.users.id, p.userId))
    .where(and(eq(p.chatId, chatId), sql`${p.userId} <> ${actorId}`))
    .limit(1);
  if (other && other.status !== "active") {
    const msg = CHAT_MESSAGES.cannotReceive(other.name);
    throw new ValidationError(msg, { chat_id: [msg] });
  }
}

/**
 * POST chat/send-message { body, chat_id | target_user }: posts a message into a conversation
 * the caller is part of (else 404), or into its private conversation with target_user (found or
 * started). Sets the chat's last-message time, marks the sender's own message read, and
 * announces it to every participant on commit. 30 messages a minute per sender, then 429.
 */
export async function sendChatMessage(
  ctx: Ctx,
  raw: unknown,
): Promise<{ message: string; data: ChatMessage }> {
  const actor = requireChatUser(ctx);
  const input = fieldsOf(raw);
  const body = bodyOf(input.body);
  const hasChat = given(input.chat_id);
  const hasTarget = given(input.target_user);
  if (hasChat && hasTarget)
    throw new ValidationError(CHAT_MESSAGES.bothTargets, {
      chat_id: [CHAT_MESSAGES.bothTargets],
    });
  if (!hasChat && !hasTarget)
    throw new ValidationError(CHAT_MESSAGES.noTarget, { chat_id: [CHAT_MESSAGES.noTarget] });
  const data = await withTx(ctx, async (ctx) => {
    await assertMaySend(ctx, actor);
    let chatId: number;
    if (hasChat) {
      const chat = await participantChat(ctx.db, actor, input.chat_id);
      chatId = chat.chatId;
      if (chat.type === "private") await assertOtherActive(ctx.db, chatId, actor.userId);
    } else {
      chatId = await privateChatWith(ctx, actor, input.target_user);
    }
    const [row] = await ctx.db
      .insert(schema.chatMessages)
      .values({ chatId, senderId: actor.userId, body, createdAt: ctx.now })
      .returning({ id: schema.chatMessages.id, createdAt: schema.chatMessages.createdAt });
    const id = Number(row.id);
    await ctx.db
      .update(schema.chats)
      .set({ lastMessageAt: ctx.now })
      .where(eq(schema.chats.id, chatId));
    const p = schema.chatParticipants;
    await ctx.db
      .update(p)
      .set({ lastReadMessageId: id, lastReadAt: ctx.now })
      .where(and(eq(p.chatId, chatId), eq(p.userId, actor.userId)));
    const participants = await ctx.db
      .select({ userId: p.userId })
      .from(p)
      .where(eq(p.chatId, chatId));
    await publishRealtime(
      ctx.db,
      participants.map((p) => p.userId),
      {
        type: "new-message",
        chat_id: chatId,
        message_id: id,
        sender_id: actor.userId,
        at: row.createdAt.toISOString(),
      },
    );
    return toChatMessage(
      {
        id,
        chatId,
        body,
        createdAt: row.createdAt,
        senderId: actor.userId,
        senderName: actor.name,
      },
      actor.userId,
    );
  });
  return { message: CHAT_MESSAGES.sent, data };
}

export { CHAT_NOT_FOUND };

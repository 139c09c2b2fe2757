import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import type { Ctx } from "../context";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { requireChatUser } from "./access";
import { chatsPageInput } from "./schemas";
import { chatSummaries } from "./summaries";
import type { ChatSummary, UnreadCount } from "./types";

/**
 * GET user/chats: the caller's conversations, the latest message first (never written to:
 * last), each with its last message and unread count. Two queries whatever the page holds.
 */
export async function listChats(ctx: Ctx, raw: unknown): Promise<Page<ChatSummary>> {
  const actor = requireChatUser(ctx);
  const { page, perPage } = parseInput(chatsPageInput, raw ?? {});
  const [[{ n }], items] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ n: count() })
        .from(schema.chatParticipants)
        .where(eq(schema.chatParticipants.userId, actor.userId)),
    () => chatSummaries(ctx.db, actor.userId, { limit: perPage, offset: offsetOf(page, perPage) }),
  );
  return { items, meta: pageMeta(page, perPage, Number(n)) };
}

/** GET unread-messages: messages in the caller's conversations after its last read, not its own. One query. */
export async function unreadCount(ctx: Ctx): Promise<UnreadCount> {
  const actor = requireChatUser(ctx);
  const p = schema.chatParticipants;
  const m = schema.chatMessages;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(p)
    .innerJoin(
      m,
      and(
        eq(m.chatId, p.chatId),
        gt(m.id, sql`coalesce(${p.lastReadMessageId}, 0)`),
        ne(m.senderId, actor.userId),
      ),
    )
    .where(eq(p.userId, actor.userId));
  return { count: Number(n) };
}

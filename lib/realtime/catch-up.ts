import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { chatMessages, chatParticipants } from "@/db/schema";
import type { RealtimeEvent } from "./events";

/** The most messages a (re)connecting stream is sent before going live. */
export const CATCH_UP_LIMIT = 200;

/**
 * The new-message events a user missed: messages with id > afterId in the chats the user
 * belongs to, oldest first, at most CATCH_UP_LIMIT. One query (chat_participants by user,
 * chat_messages by (chat_id, id)).
 */
export async function missedMessages(
  db: DbOrTx,
  userId: number,
  afterId: number,
  limit = CATCH_UP_LIMIT,
): Promise<RealtimeEvent[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      senderId: chatMessages.senderId,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(
      chatParticipants,
      and(eq(chatParticipants.chatId, chatMessages.chatId), eq(chatParticipants.userId, userId)),
    )
    .where(gt(chatMessages.id, afterId))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    type: "new-message",
    chat_id: r.chatId,
    message_id: r.id,
    sender_id: r.senderId,
    at: new Date(r.createdAt).toISOString(),
  }));
}

"use server";

import { runAction } from "@/lib/http/action";
import {
  chatMessages,
  chatMessagesAfter,
  listChats,
  markChatRead,
  openJobChat,
  searchChatUsers,
  sendChatMessage,
  unreadCount,
} from "@/lib/services/chat";
import { CHATS_PER_PAGE, MESSAGES_PER_PAGE } from "@/lib/services/chat/schemas";

/*
 * The live chat screen's calls (issue 26). Each takes explicit input and hands it to the chat
 * verbs, which check it and who may see what (a chat one is not part of is a 404).
 */

export async function loadChats(page: number) {
  return runAction((ctx) => listChats(ctx, { page, perPage: CHATS_PER_PAGE }));
}

export async function loadMessages(chatId: number, page: number) {
  return runAction((ctx) => chatMessages(ctx, chatId, { page, perPage: MESSAGES_PER_PAGE }));
}

/** The messages after the last one the screen shows (a live event, or a catch-up). */
export async function loadMessagesAfter(chatId: number, after: number) {
  return runAction((ctx) => chatMessagesAfter(ctx, chatId, { after }));
}

/** Opening a conversation reads it up to its newest message; answers the new total. */
export async function readChat(chatId: number, messageId: number | null) {
  return runAction((ctx) => markChatRead(ctx, chatId, messageId ? { message_id: messageId } : {}));
}

export async function sendMessage(input: { body: string; chat_id?: number; target_user?: number }) {
  return runAction((ctx) => sendChatMessage(ctx, input));
}

export async function findChatPeople(userName: string) {
  return runAction((ctx) => searchChatUsers(ctx, { userName }));
}

/** The menu badge's count. */
export async function unreadTotal() {
  return runAction((ctx) => unreadCount(ctx));
}

/** The job page's "Job chat": opens (or creates) the job's group conversation. */
export async function startJobChat(jobId: number) {
  return runAction((ctx) => openJobChat(ctx, { job_id: jobId }));
}

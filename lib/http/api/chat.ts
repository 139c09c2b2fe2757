import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  chatMessages,
  chatMessagesAfter,
  chatMessagesInput,
  chatsPageInput,
  listChats,
  markChatRead,
  markReadInput,
  openJobChat,
  openJobChatInput,
  searchChatUsers,
  searchChatUsersInput,
  sendChatMessage,
  sendMessageInput,
  unreadCount,
} from "@/lib/services/chat";

/**
 * The live chat (spec §7 Chat, issue 26). Everyone needs has_live_chat (else 403); a
 * conversation the caller is not part of answers 404. Realtime events (new-message, read) reach
 * the participants' private channels when a call commits.
 */
const NOT_PART = "A conversation the caller is not part of: 404";

export const getUserChats = endpoint({
  method: "GET",
  path: "/user/chats",
  summary:
    "The caller's conversations, the latest message first (perPage default 20): id, type " +
    "(private/job), title, other_user, job, last_message, last_message_at, unread_messages",
  tag: "chat",
  auth: "user",
  query: chatsPageInput,
  paginated: true,
  run: (ctx, { query }) => listChats(ctx, query),
});

export const getUnreadMessages = endpoint({
  method: "GET",
  path: "/unread-messages",
  summary:
    "The caller's unread counter { count }: messages in its conversations after its last read, not its own",
  tag: "chat",
  auth: "user",
  run: (ctx) => unreadCount(ctx),
});

export const getChatMessages = endpoint<{ chat_id: string }>({
  method: "GET",
  path: "/chat/{chat_id}/messages",
  summary:
    "One page of a conversation, paged backwards (page 1: the newest perPage, default 30), " +
    "oldest first on the page: { chat, items, meta }. With `after` (a message id): the " +
    "messages after it, oldest first, at most 100, as a plain list (catch-up). Never marks " +
    `read. ${NOT_PART}`,
  tag: "chat",
  auth: "user",
  query: chatMessagesInput,
  run: (ctx, { params, query }) =>
    query.after !== undefined
      ? chatMessagesAfter(ctx, params.chat_id, query)
      : chatMessages(ctx, params.chat_id, query),
});

export const postChatRead = endpoint<{ chat_id: string }>({
  method: "POST",
  path: "/chat/{chat_id}/read",
  summary:
    "Mark the conversation read up to message_id (missing: the newest; never backwards). The " +
    "caller's other tabs get a read event. Answers { unread_messages (left in this chat), " +
    `count (the caller's new total) }. ${NOT_PART}`,
  tag: "chat",
  auth: "user",
  body: markReadInput,
  run: (ctx, { params, body }) => markChatRead(ctx, params.chat_id, body),
});

export const getSearchUsersChat = endpoint({
  method: "GET",
  path: "/search-users-chat",
  summary:
    "People the caller may start a conversation with whose name or e-mail contains userName " +
    "(≤ 20; active; a worker or client contact finds only the office): [{ id, name, role, active }]",
  tag: "chat",
  auth: "user",
  query: searchChatUsersInput,
  run: (ctx, { query }) => searchChatUsers(ctx, query),
});

export const postSendMessage = endpoint({
  method: "POST",
  path: "/chat/send-message",
  summary:
    "Send a message (plain text, 1–2000 characters) into chat_id, or to target_user (finds " +
    "or starts the private conversation with them). Exactly one of the two (422). A person " +
    "the caller may not talk to: 404; a deactivated one: 422. 30 messages a minute, then 429. " +
    `Answers { message, data: message }. ${NOT_PART}`,
  tag: "chat",
  auth: "user",
  status: 201,
  body: sendMessageInput,
  run: async (ctx, { body }) =>
    NextResponse.json(await sendChatMessage(ctx, body), { status: 201 }),
});

export const postAdminJobChat = endpoint({
  method: "POST",
  path: "/jobs/admin-job-chat",
  summary:
    "Open the job's group conversation (started the first time with the caller, the job's " +
    "creator, project manager and booker, and its booked crew; later bookings join and " +
    'removals leave). Answers { chat_id }. No job_id: 422 "Opening a job chat needs a job id"; ' +
    "a job outside the caller's scope 404; workers 403",
  tag: "chat",
  auth: "user",
  body: openJobChatInput,
  run: (ctx, { body }) => openJobChat(ctx, body),
});

export const chatEndpoints: Endpoint[] = [
  getUserChats as Endpoint,
  getUnreadMessages as Endpoint,
  getChatMessages as Endpoint,
  postChatRead as Endpoint,
  getSearchUsersChat as Endpoint,
  postSendMessage as Endpoint,
  postAdminJobChat as Endpoint,
];

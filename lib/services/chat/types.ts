/**
 * The chat's shapes (issue 26; spec §3/§4/§7 Chat), shared by the verbs (lib/services/chat),
 * the REST calls, the /live-chat screen and the realtime events. Times are ISO strings.
 */

export interface ChatPerson {
  id: number;
  name: string;
  /** "Worker", "Project manager", "Client contact" … (the person's first role's title). */
  role: string | null;
  active: boolean;
}

export interface ChatLastMessage {
  id: number;
  body: string;
  sender: { id: number; name: string };
  created_at: string;
}

/** One conversation in GET user/chats (spec §3: history items id, unread_messages, last_message). */
export interface ChatSummary {
  id: number;
  type: "private" | "job";
  /** The other person's name (private) or the job's name (job chat). */
  title: string;
  /** Private chat: the other person. Job chat: null. */
  other_user: ChatPerson | null;
  /** Job chat: the job. Private chat: null. */
  job: { id: number; name: string } | null;
  last_message: ChatLastMessage | null;
  last_message_at: string | null;
  unread_messages: number;
}

export interface ChatMessage {
  id: number;
  chat_id: number;
  body: string;
  sender: { id: number; name: string };
  created_at: string;
  /** Sent by the caller. */
  mine: boolean;
}

/** GET chat/{chat_id}/messages: one page of messages, oldest first on the page, paged backwards. */
export interface ChatMessagesPage {
  chat: ChatSummary;
  /** Oldest first. Page 1 is the newest messages. */
  items: ChatMessage[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** The unread counter (GET unread-messages). */
export interface UnreadCount {
  count: number;
}

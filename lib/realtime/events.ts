/**
 * Realtime events (spec §4 Chat: a live private channel per user delivers new-message and read
 * events). Small on purpose: a client that needs more fetches it (PostgreSQL NOTIFY payloads
 * stay far below their 8,000-byte limit). `id` is the event's order key: the message id for
 * new-message, so a reconnecting client catches up "after the last seen message".
 */
export type RealtimeEvent =
  | {
      type: "new-message";
      chat_id: number;
      message_id: number;
      sender_id: number;
      /** ISO time the message was sent: the chat's new last-message time. */
      at: string;
    }
  | {
      /** The user read chat_id up to message_id (on another tab or device): its count is zero. */
      type: "read";
      chat_id: number;
      message_id: number | null;
    };

/** The user's private channel name (Ably channel; SSE stream filter). */
export const userChannel = (userId: number) => `private:user-${userId}`;

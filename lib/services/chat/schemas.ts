import { z } from "zod";
import { CHAT_MESSAGE_MAX } from "@/lib/domain/text-limits";
import { pageInput } from "../pagination";
import { searchText } from "../params";

/** What the chat's REST calls take (the OpenAPI document; the verbs check input themselves). */
// The screen's composer reads the limit from lib/domain (no zod in a first load).
export { CHAT_MESSAGE_MAX };
export const CHATS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 30;
/** At most this many messages answer one catch-up call (`after`). */
export const CATCH_UP_MAX = 100;
/** Messages one user may send per minute, across all app instances. */
export const MESSAGES_PER_MINUTE = 30;
export const SEARCH_RESULTS = 20;

export const chatsPageInput = pageInput(CHATS_PER_PAGE);

export const chatMessagesInput = pageInput(MESSAGES_PER_PAGE).extend({
  after: z
    .string()
    .optional()
    .describe(
      "A message id: answers the messages after it (oldest first, at most 100) as a plain " +
        "list instead of a page — the catch-up after a lost connection",
    ),
});

export const markReadInput = z.object({
  message_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Read up to this message (never moves backwards); missing: the newest"),
});

export const searchChatUsersInput = z.object({
  userName: searchText.describe("Part of a name or e-mail; empty: the first 20 by name"),
});

export const sendMessageInput = z.object({
  body: z.string().describe(`Plain text, 1–${CHAT_MESSAGE_MAX} characters after trimming`),
  chat_id: z.number().int().positive().optional().describe("The conversation to post in"),
  target_user: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Or a person: finds or starts the private conversation with them"),
});

export const openJobChatInput = z.object({
  job_id: z.number().int().positive().describe("The job whose group conversation to open"),
});

export type * from "./types";
export { chatSide, requireChatUser, CHAT_NOT_FOUND, NO_LIVE_CHAT, type ChatSide } from "./access";
export { listChats, unreadCount } from "./list";
export { chatMessages, chatMessagesAfter, markChatRead, NOT_IN_CHAT } from "./messages";
export { sendChatMessage, CHAT_MESSAGES } from "./send";
export { searchChatUsers } from "./people";
export {
  openJobChat,
  syncJobChatCrew,
  leaveJobChats,
  rejoinJobChats,
  JOB_CHAT_NEEDS_JOB,
  JOB_CHAT_WORKERS,
} from "./job-chat";
export {
  chatsPageInput,
  chatMessagesInput,
  markReadInput,
  searchChatUsersInput,
  sendMessageInput,
  openJobChatInput,
  CHAT_MESSAGE_MAX,
  MESSAGES_PER_MINUTE,
} from "./schemas";

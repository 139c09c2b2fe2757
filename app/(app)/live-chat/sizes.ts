/** Conversations per page in the list, and messages per page of a conversation. */
export const CHATS_PER_PAGE = 20;
export const MESSAGES_PER_PAGE = 30;

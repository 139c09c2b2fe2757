import type { Viewport } from "next";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData, pageId } from "@/lib/http/page";
import { chatMessages, listChats } from "@/lib/services/chat";
import { requireUser } from "@/lib/services/context";
import { LiveChat } from "./live-chat";
import { CHATS_PER_PAGE, MESSAGES_PER_PAGE } from "@/lib/services/chat/schemas";

export const metadata = routeMetadata("/live-chat");

// The phone's keyboard shrinks the page, so the composer stays above it (issue 26).
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
  interactiveWidget: "resizes-content",
};

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Spec §2 /live-chat: the conversations, and the one in the address (?chat=ID) open beside
 * them (on a phone: instead of them). A chat id that is not one of the user's is the 404 page.
 */
export default async function LiveChatPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const me = requireUser(ctx).userId;
  const chat = one(sp.chat);
  const chatId = chat === undefined || chat === "" ? null : pageId(chat, "Chat");
  const [chats, open] = await Promise.all([
    pageData(listChats(ctx, { page: 1, perPage: CHATS_PER_PAGE })),
    chatId ? pageData(chatMessages(ctx, chatId, { page: 1, perPage: MESSAGES_PER_PAGE })) : null,
  ]);
  return (
    <LiveChat me={me} initialChats={chats} initialOpen={open} serverNow={ctx.now.toISOString()} />
  );
}

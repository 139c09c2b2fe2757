"use client";

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { MessageSquarePlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { cn } from "@/components/ui/cn";
import { useRealtime } from "@/components/realtime/use-realtime";
import { chatListTime, unreadText } from "@/lib/domain/chat-view";
import type { ChatMessagesPage, ChatSummary } from "@/lib/services/chat/types";
import type { Page } from "@/lib/services/pagination";
import { loadChats } from "./actions";
import { Conversation, type ChatChange } from "./conversation";
import { useNow, useTimeZone } from "./use-time-zone";

// The "New message" dialog (Radix, the search) is fetched when first opened, not with the
// screen (React.lazy: next/dynamic's loader would itself join the first load).
const NewMessage = lazy(() => import("./new-message").then((m) => ({ default: m.NewMessage })));

const chatIdOf = (value: string | null): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** Newest conversation first; one without messages last. */
const byLastMessage = (a: ChatSummary, b: ChatSummary) =>
  (b.last_message_at ?? "").localeCompare(a.last_message_at ?? "") || b.id - a.id;

/**
 * The list with these conversations put in (replacing their old copies) or these changes made
 * (a change to a conversation not in the list is left out), newest first.
 */
function upsert(list: readonly ChatSummary[], items: readonly ChatChange[]): ChatSummary[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  for (const c of items) {
    const old = byId.get(c.id);
    if (old) byId.set(c.id, { ...old, ...c });
    else if ("title" in c && c.title !== undefined) byId.set(c.id, c as ChatSummary);
  }
  return [...byId.values()].sort(byLastMessage);
}

/**
 * /live-chat (issue 26): the conversations on the left, the open one (?chat=ID) on the right;
 * on a phone the list, then the conversation full screen with a way back. Follows the
 * realtime events when connected, and its own actions always.
 */
export function LiveChat({
  me,
  initialChats,
  initialOpen,
  serverNow,
}: {
  me: number;
  /** The request's time (ISO), for the first drawing's day labels (see useNow). */
  serverNow: string;
  initialChats: Page<ChatSummary>;
  initialOpen: ChatMessagesPage | null;
}) {
  const params = useSearchParams();
  const openId = chatIdOf(params.get("chat"));
  const [chats, setChats] = useState(initialChats.items);
  const [listPage, setListPage] = useState(initialChats.meta.current_page);
  const [listLastPage, setListLastPage] = useState(initialChats.meta.last_page);
  const [loadingMore, setLoadingMore] = useState(false);
  const [live, setLive] = useState(0);
  const [newOpen, setNewOpen] = useState(false);
  // Mounted from the first opening on (so it can close as it does), fetched then.
  const [newUsed, setNewUsed] = useState(false);
  const zone = useTimeZone();
  const openRef = useRef(openId);
  useEffect(() => {
    openRef.current = openId;
  });

  const go = useCallback((id: number | null) => {
    window.history.pushState(null, "", id ? `/live-chat?chat=${id}` : "/live-chat");
  }, []);

  const onChange = useCallback(
    (change: ChatChange) => setChats((list) => upsert(list, [change])),
    [],
  );

  // The first page again: a new conversation, or the last message of one that moved.
  const refreshList = useCallback(async () => {
    const r = await loadChats(1);
    if (!r.ok) return;
    setChats((list) =>
      upsert(
        list,
        r.data.items.map((c) => (c.id === openRef.current ? { ...c, unread_messages: 0 } : c)),
      ),
    );
  }, []);

  const { connected } = useRealtime((event) => {
    if (event.type === "read") {
      setChats((list) =>
        list.map((c) => (c.id === event.chat_id ? { ...c, unread_messages: 0 } : c)),
      );
      return;
    }
    if (event.chat_id === openRef.current) {
      setLive((n) => n + 1);
      return;
    }
    setChats((list) =>
      upsert(
        list,
        list
          .filter((c) => c.id === event.chat_id)
          .map((c) => ({
            ...c,
            unread_messages: c.unread_messages + (event.sender_id === me ? 0 : 1),
            last_message_at: event.at,
          })),
      ),
    );
    void refreshList();
  });

  // Reconnected after a loss: catch up on what came while the connection was down.
  const link = useRef<"never" | "up" | "down">("never");
  useEffect(() => {
    if (connected) {
      if (link.current === "down") {
        void refreshList();
        setLive((n) => n + 1);
      }
      link.current = "up";
    } else if (link.current === "up") link.current = "down";
  }, [connected, refreshList]);

  const loadMore = async () => {
    setLoadingMore(true);
    const r = await loadChats(listPage + 1);
    setLoadingMore(false);
    if (!r.ok) return void notify.error(r.message);
    setChats((list) => upsert(list, r.data.items));
    setListPage(r.data.meta.current_page);
    setListLastPage(r.data.meta.last_page);
  };

  const now = useNow(serverNow);
  return (
    <div
      className={cn(
        // Full height under the header; the page's own padding is taken back, so neither
        // the page nor the phone's keyboard scrolls the composer away.
        "-mx-4 -mt-6 -mb-28 flex h-[calc(100dvh-3.5rem)] overflow-hidden bg-white sm:-mx-6",
        "lg:mx-0 lg:mt-0 lg:-mb-22 lg:h-[calc(100dvh-6.5rem)] lg:rounded-card lg:border lg:border-gray-200",
      )}
    >
      <h1 className="sr-only">Live chat</h1>
      <div
        className={cn(
          "min-h-0 w-full flex-col border-gray-200 lg:flex lg:w-80 lg:shrink-0 lg:border-r xl:w-96",
          openId ? "hidden" : "flex",
        )}
      >
        <div className="flex min-h-14 items-center justify-between gap-2 border-b border-gray-200 px-4 py-2">
          <h2 className="text-lg font-semibold text-gray-900">Chats</h2>
          <Button
            size="sm"
            onClick={() => {
              setNewUsed(true);
              setNewOpen(true);
            }}
          >
            <MessageSquarePlus aria-hidden /> New message
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {chats.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-gray-600">
              No conversations yet. Start one with New message.
            </p>
          ) : (
            <ul aria-label="Conversations" className="divide-y divide-gray-100">
              {chats.map((c) => (
                <li key={c.id}>
                  <a
                    href={`/live-chat?chat=${c.id}`}
                    aria-current={c.id === openId ? "page" : undefined}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      go(c.id);
                    }}
                    className={cn(
                      "flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-gray-50",
                      c.id === openId && "bg-accent-50",
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span
                          className={cn(
                            "min-w-0 flex-1 truncate text-sm text-gray-900",
                            c.unread_messages > 0 ? "font-semibold" : "font-medium",
                          )}
                        >
                          {c.title}
                          {c.type === "job" && <span className="sr-only"> (job chat)</span>}
                        </span>
                        {c.last_message_at && (
                          <time
                            dateTime={c.last_message_at}
                            className="shrink-0 text-xs text-gray-600 tabular-nums"
                          >
                            {chatListTime(c.last_message_at, now, zone)}
                          </time>
                        )}
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="min-w-0 flex-1 truncate text-sm text-gray-600">
                          {c.last_message
                            ? `${c.last_message.sender.id === me ? "You: " : c.type === "job" ? `${c.last_message.sender.name}: ` : ""}${c.last_message.body}`
                            : "No messages yet"}
                        </span>
                        {c.unread_messages > 0 && (
                          <span className="shrink-0 rounded-full bg-accent-600 px-2 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
                            {unreadText(c.unread_messages)}
                            <span className="sr-only"> unread</span>
                          </span>
                        )}
                      </span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {listPage < listLastPage && (
            <div className="flex justify-center p-3">
              <Button variant="secondary" size="sm" loading={loadingMore} onClick={loadMore}>
                Load more
              </Button>
            </div>
          )}
        </div>
      </div>
      <div className={cn("min-h-0 min-w-0 flex-1 flex-col", openId ? "flex" : "hidden lg:flex")}>
        {openId ? (
          <Conversation
            key={openId}
            chatId={openId}
            initial={initialOpen?.chat.id === openId ? initialOpen : null}
            live={live}
            serverNow={serverNow}
            onBack={() => go(null)}
            onChange={onChange}
          />
        ) : (
          <div className="flex h-full items-center justify-center p-6 text-center text-sm text-gray-600">
            Choose a conversation, or start one with New message.
          </div>
        )}
      </div>
      {newUsed && (
        <Suspense fallback={null}>
          <NewMessage
            open={newOpen}
            onOpenChange={setNewOpen}
            chats={chats}
            onOpen={(id) => {
              setNewOpen(false);
              go(id);
              void refreshList();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

"use client";

import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/components/ui/toaster";
import { cn } from "@/components/ui/cn";
import { chatDayLabel, chatTime, groupByDay, mergeMessages } from "@/lib/domain/chat-view";
import type { ChatMessage, ChatMessagesPage, ChatSummary } from "@/lib/services/chat/types";
import { loadMessages, loadMessagesAfter, readChat, sendMessage } from "./actions";
import { Composer } from "./composer";
import { MessageText } from "./message-text";
import { announceUnread } from "./unread-bus";
import { useNow, useTimeZone } from "./use-time-zone";

/** A conversation as loaded (put in the list if missing), or what changed in it. */
export type ChatChange = ChatSummary | (Partial<ChatSummary> & { id: number });

const lastMessageOf = (m: ChatMessage): Partial<ChatSummary> => ({
  last_message: { id: m.id, body: m.body, sender: m.sender, created_at: m.created_at },
  last_message_at: m.created_at,
});

/**
 * One conversation: its messages paged backwards ("Earlier messages"), mine on the right,
 * theirs on the left with the sender's name in job chats, a separator per day; the composer
 * below. Opening it (and every message that arrives while it is open) reads it.
 */
export function Conversation({
  chatId,
  initial,
  live,
  serverNow,
  onBack,
  onChange,
}: {
  chatId: number;
  /** The server's first page, when the page was opened on this conversation. */
  initial: ChatMessagesPage | null;
  /** Goes up by one on each realtime event for this conversation. */
  live: number;
  /** The request's time (ISO), for the first drawing's day labels (see useNow). */
  serverNow: string;
  onBack: () => void;
  /** The conversation changed (loaded, read, a message sent or come): the list follows. */
  onChange: (change: ChatChange) => void;
}) {
  const [chat, setChat] = useState<ChatSummary | null>(initial?.chat ?? null);
  const [messages, setMessages] = useState<ChatMessage[]>(initial?.items ?? []);
  const [page, setPage] = useState(initial?.meta.current_page ?? 1);
  const [lastPage, setLastPage] = useState(initial?.meta.last_page ?? 1);
  const [loading, setLoading] = useState(!initial);
  const [missing, setMissing] = useState(false);
  const [earlier, setEarlier] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const zone = useTimeZone();
  const now = useNow(serverNow);
  // Where to scroll after the next render: to the end (new messages) or keep the place
  // (earlier messages drawn above).
  const pendingScroll = useRef<{ kind: "end" } | { kind: "keep"; height: number } | null>({
    kind: "end",
  });
  const lastId = useRef<number | null>(initial?.items.at(-1)?.id ?? null);
  const liveAtOpen = useRef(live);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const read = useCallback(
    async (upTo: number | null) => {
      const r = await readChat(chatId, upTo);
      if (!r.ok) return;
      announceUnread(r.data.count);
      onChangeRef.current({ id: chatId, unread_messages: r.data.unread_messages });
    },
    [chatId],
  );

  const append = useCallback((more: ChatMessage[]) => {
    if (more.length === 0) return;
    const el = scroller.current;
    const nearEnd = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (nearEnd || more.some((m) => m.mine)) pendingScroll.current = { kind: "end" };
    setMessages((current) => {
      const merged = mergeMessages(current, more);
      lastId.current = merged.at(-1)?.id ?? lastId.current;
      return merged;
    });
  }, []);

  // First load (unless the server drew it) and reading it.
  useEffect(() => {
    let stale = false;
    void (async () => {
      if (initial) onChangeRef.current(initial.chat);
      else {
        const r = await loadMessages(chatId, 1);
        if (stale) return;
        setLoading(false);
        if (!r.ok) {
          if (r.status === 404) setMissing(true);
          else notify.error(r.message);
          return;
        }
        onChangeRef.current(r.data.chat);
        setChat(r.data.chat);
        setMessages(r.data.items);
        setPage(r.data.meta.current_page);
        setLastPage(r.data.meta.last_page);
        lastId.current = r.data.items.at(-1)?.id ?? null;
        pendingScroll.current = { kind: "end" };
      }
      if (!stale) await read(lastId.current);
    })();
    return () => {
      stale = true;
    };
    // Once per conversation: `initial` is the server's first drawing only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatId]);

  // A live event for this conversation: fetch what came after the last shown message.
  useEffect(() => {
    if (live === liveAtOpen.current) return;
    let stale = false;
    void (async () => {
      const r = await loadMessagesAfter(chatId, lastId.current ?? 0);
      if (stale || !r.ok) return;
      append(r.data);
      const newest = r.data.at(-1);
      if (newest) onChangeRef.current({ id: chatId, ...lastMessageOf(newest) });
      await read(lastId.current);
    })();
    return () => {
      stale = true;
    };
  }, [live, chatId, append, read]);

  useLayoutEffect(() => {
    const el = scroller.current;
    const want = pendingScroll.current;
    if (!el || !want) return;
    pendingScroll.current = null;
    el.scrollTop = want.kind === "end" ? el.scrollHeight : el.scrollHeight - want.height;
  });

  const loadEarlier = async () => {
    setEarlier(true);
    const r = await loadMessages(chatId, page + 1);
    setEarlier(false);
    if (!r.ok) return void notify.error(r.message);
    const el = scroller.current;
    pendingScroll.current = { kind: "keep", height: el ? el.scrollHeight - el.scrollTop : 0 };
    setMessages((current) => mergeMessages(r.data.items, current));
    setPage(r.data.meta.current_page);
    setLastPage(r.data.meta.last_page);
  };

  const send = async (body: string) => {
    const r = await sendMessage({ body, chat_id: chatId });
    if (!r.ok) {
      notify.error(r.message);
      return false;
    }
    const m = r.data.data;
    append([m]);
    onChangeRef.current({ id: chatId, ...lastMessageOf(m) });
    return true;
  };

  if (missing)
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-base font-semibold text-gray-900">This conversation is not available.</p>
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden /> All conversations
        </Button>
      </div>
    );

  const title = chat?.title ?? "Conversation";
  return (
    <section aria-labelledby={`chat-${chatId}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-14 items-center gap-2 border-b border-gray-200 px-2 py-2 sm:px-4">
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden />
          <span className="sr-only">Back to </span>Chats
        </Button>
        <div className="min-w-0">
          <h2
            id={`chat-${chatId}-title`}
            className="truncate text-base font-semibold text-gray-900"
          >
            {title}
          </h2>
          {chat && (
            <p className="truncate text-xs text-gray-600">
              {chat.type === "job" ? "Job chat" : (chat.other_user?.role ?? "")}
              {chat.other_user && !chat.other_user.active && " · no longer active"}
            </p>
          )}
        </div>
      </header>
      <div
        ref={scroller}
        role="log"
        aria-label={`Messages with ${title}`}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-gray-50 px-2 py-3 sm:px-4"
      >
        {loading ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : (
          <>
            {page < lastPage && (
              <div className="mb-3 flex justify-center">
                <Button variant="secondary" size="sm" loading={earlier} onClick={loadEarlier}>
                  Earlier messages
                </Button>
              </div>
            )}
            {messages.length === 0 && (
              <p className="py-10 text-center text-sm text-gray-600">
                No messages yet. Say hello below.
              </p>
            )}
            {groupByDay(messages, zone).map((group) => (
              <Fragment key={group.day}>
                <p className="my-3 text-center text-xs font-medium text-gray-600">
                  <span className="rounded-full bg-white px-3 py-1 shadow-sm">
                    {chatDayLabel(group.first, now, zone)}
                  </span>
                </p>
                <ol className="flex flex-col gap-1.5">
                  {group.items.map((m, i) => {
                    const showName =
                      chat?.type === "job" &&
                      !m.mine &&
                      group.items[i - 1]?.sender.id !== m.sender.id;
                    return (
                      <li
                        key={m.id}
                        data-message-id={m.id}
                        className={cn("flex flex-col", m.mine ? "items-end" : "items-start")}
                      >
                        {showName && (
                          <span className="mt-1 px-1 text-xs font-medium text-gray-700">
                            {m.sender.name}
                          </span>
                        )}
                        <div
                          className={cn(
                            "max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%]",
                            m.mine
                              ? "rounded-br-sm bg-accent-700 text-white"
                              : "rounded-bl-sm border border-gray-200 bg-white text-gray-900",
                          )}
                        >
                          <span className="sr-only">{m.mine ? "You" : m.sender.name}: </span>
                          <MessageText body={m.body} />
                          <time
                            dateTime={m.created_at}
                            className={cn(
                              "mt-0.5 block text-right text-xs tabular-nums",
                              m.mine ? "text-accent-50" : "text-gray-600",
                            )}
                          >
                            {chatTime(m.created_at, zone)}
                          </time>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </Fragment>
            ))}
          </>
        )}
      </div>
      <Composer key={chatId} send={send} label={`Message to ${title}`} />
    </section>
  );
}

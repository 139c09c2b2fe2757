"use client";

import { useEffect, useRef, useState } from "react";
import { useRealtime } from "@/components/realtime/use-realtime";
import { unreadText } from "@/lib/domain/chat-unread";
import { unreadTotal } from "./actions";
import { onUnread } from "./unread-bus";

/**
 * The count beside "Live chat" in the menu. Drawn first with the server's count, then it
 * follows the realtime events (a new message or a read elsewhere fetches the total again) and
 * the live chat screen's own reads, without a reload.
 */
export function UnreadChatBadge({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  // A fetch started before the screen announced a newer total must not overwrite it.
  const seq = useRef(0);
  useEffect(
    () =>
      onUnread((n) => {
        seq.current += 1;
        setCount(n);
      }),
    [],
  );
  useRealtime(() => {
    const mine = ++seq.current;
    void unreadTotal().then((r) => {
      if (r.ok && seq.current === mine) setCount(r.data.count);
    });
  });
  if (count <= 0) return null;
  return (
    <span
      data-testid="chat-unread-badge"
      className="ml-auto rounded-full bg-accent-600 px-2 py-0.5 text-xs leading-none font-semibold text-white tabular-nums"
    >
      {unreadText(count)}
      <span className="sr-only"> unread messages</span>
    </span>
  );
}

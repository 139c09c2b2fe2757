"use client";

import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { RealtimeEvent } from "@/lib/realtime/events";

type Listener = (event: RealtimeEvent) => void;

/**
 * The signed-in user's realtime events. The provider (mounted once in the signed-in shell)
 * holds the one connection; screens subscribe with useRealtime. While the transport is not
 * connected nobody is called and `connected` is false, so screens must also refresh on their
 * own actions.
 */
const RealtimeContext = createContext<{
  subscribe: (listener: Listener) => () => void;
  connected: boolean;
}>({ subscribe: () => () => {}, connected: false });

export function useRealtime(onEvent: Listener): { connected: boolean } {
  const ctx = useContext(RealtimeContext);
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => ctx.subscribe((e) => ref.current(e)), [ctx]);
  return { connected: ctx.connected };
}

export { RealtimeContext };

const STREAM_URL = "/api/v2/realtime/stream";
/** Failed attempts in a row after which EventSource's quick retry gives way to a backoff. */
const QUICK_RETRIES = 3;
const backoff = (failures: number) => Math.min(60_000, 2_000 * 2 ** (failures - QUICK_RETRIES));

type Connect = (emit: Listener, setConnected: (on: boolean) => void) => () => void;

/**
 * Default transport: our server-sent events. EventSource reconnects by itself (sending
 * Last-Event-ID, so the server catches up); when the server refuses (signed out, too many
 * tabs, maintenance) or the outage lasts, it is reopened with a growing delay from the last
 * message seen (?after=).
 */
const connectSse: Connect = (emit, setConnected) => {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastId = "";
  const open = () => {
    source = new EventSource(lastId ? `${STREAM_URL}?after=${lastId}` : STREAM_URL);
    source.onopen = () => {
      failures = 0;
      setConnected(true);
    };
    source.onmessage = (m: MessageEvent<string>) => {
      if (m.lastEventId) lastId = m.lastEventId;
      try {
        emit(JSON.parse(m.data) as RealtimeEvent);
      } catch {
        // Not an event of ours: ignored.
      }
    };
    source.onerror = () => {
      setConnected(false);
      failures += 1;
      if (source?.readyState !== EventSource.CLOSED && failures <= QUICK_RETRIES) return;
      source?.close();
      timer = setTimeout(open, backoff(Math.max(failures, QUICK_RETRIES)));
    };
  };
  open();
  return () => {
    clearTimeout(timer);
    source?.close();
  };
};

/** Ably (the server said ABLY_API_KEY is set): loaded on demand, never in a first load. */
const connectAbly =
  (userId: number): Connect =>
  (emit, setConnected) => {
    let close = () => {};
    let stopped = false;
    void import("ably").then(({ Realtime }) => {
      if (stopped) return;
      const client = new Realtime({ authUrl: "/api/v2/realtime/token", authMethod: "GET" });
      client.connection.on((change) => setConnected(change.current === "connected"));
      void client.channels
        .get(`private:user-${userId}`)
        .subscribe((m) => emit(m.data as RealtimeEvent));
      close = () => client.close();
    });
    return () => {
      stopped = true;
      close();
    };
  };

/** Mounted once in the signed-in shell (app/(app)/layout.tsx). */
export function RealtimeProvider({
  userId,
  ably,
  children,
}: {
  userId: number;
  ably: boolean;
  children: React.ReactNode;
}) {
  const listeners = useRef(new Set<Listener>());
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    // A message heard twice (a reconnect's catch-up and the live copy) is shown once.
    const seen = new Set<number>();
    const emit: Listener = (e) => {
      if (e.type === "new-message") {
        if (seen.has(e.message_id)) return;
        seen.add(e.message_id);
        if (seen.size > 1000) seen.delete(seen.values().next().value!);
      }
      for (const l of [...listeners.current]) l(e);
    };
    return (ably ? connectAbly(userId) : connectSse)(emit, setConnected);
  }, [userId, ably]);
  const value = useMemo(
    () => ({
      subscribe: (l: Listener) => {
        listeners.current.add(l);
        return () => void listeners.current.delete(l);
      },
      connected,
    }),
    [connected],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

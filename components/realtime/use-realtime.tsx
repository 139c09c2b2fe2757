"use client";

import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { RealtimeEvent } from "@/lib/realtime/events";

type Listener = (event: RealtimeEvent) => void;

/**
 * The signed-in user's realtime events. The provider (mounted once in the signed-in shell)
 * holds the one connection; screens subscribe with useRealtime. While the transport is not
 * connected nobody is called and `connected` is false, so screens must also refresh on their
 * own actions.
 *
 * The context's value never changes: `connected` is read through useSyncExternalStore. A
 * changed context value reaches every Suspense boundary below the shell, and one that is still
 * waiting for its streamed HTML is then thrown away and drawn again on the client, while the
 * streamed copy sits hidden in the page until React reveals it: the form existed twice (the
 * connection opened while /jobs/create was still streaming on a cold server).
 */
interface Realtime {
  subscribe: (listener: Listener) => () => void;
  watchConnected: (onChange: () => void) => () => void;
  isConnected: () => boolean;
}

const offline: Realtime = {
  subscribe: () => () => {},
  watchConnected: () => () => {},
  isConnected: () => false,
};
const RealtimeContext = createContext<Realtime>(offline);

export function useRealtime(onEvent: Listener): { connected: boolean } {
  const ctx = useContext(RealtimeContext);
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => ctx.subscribe((e) => ref.current(e)), [ctx]);
  const connected = useSyncExternalStore(ctx.watchConnected, ctx.isConnected, () => false);
  return { connected };
}

/** The provider's value: made once, so the context never changes (see above). */
function realtimeHub(): Realtime & { emit: Listener; setConnected: (on: boolean) => void } {
  const listeners = new Set<Listener>();
  const watchers = new Set<() => void>();
  let connected = false;
  return {
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    watchConnected: (w) => {
      watchers.add(w);
      return () => void watchers.delete(w);
    },
    isConnected: () => connected,
    emit: (e) => {
      for (const l of [...listeners]) l(e);
    },
    setConnected: (on) => {
      if (on === connected) return;
      connected = on;
      for (const w of [...watchers]) w();
    },
  };
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
  const [hub] = useState(realtimeHub);
  useEffect(() => {
    // A message heard twice (a reconnect's catch-up and the live copy) is shown once.
    const seen = new Set<number>();
    const emit: Listener = (e) => {
      if (e.type === "new-message") {
        if (seen.has(e.message_id)) return;
        seen.add(e.message_id);
        if (seen.size > 1000) seen.delete(seen.values().next().value!);
      }
      hub.emit(e);
    };
    return (ably ? connectAbly(userId) : connectSse)(emit, hub.setConnected);
  }, [hub, userId, ably]);
  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

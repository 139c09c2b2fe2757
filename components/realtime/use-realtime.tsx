"use client";

import { createContext, useContext, useEffect, useRef } from "react";
import type { RealtimeEvent } from "@/lib/realtime/events";

type Listener = (event: RealtimeEvent) => void;

/**
 * The signed-in user's realtime events. The provider (mounted once in the signed-in shell)
 * holds the one connection; screens subscribe with useRealtime. Until the transport is
 * connected (issue 26, realtime port) nobody is called and `connected` is false, so screens
 * must also refresh on their own actions.
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

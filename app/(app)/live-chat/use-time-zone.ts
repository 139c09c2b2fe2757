"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * The browser's time zone for message times. The server draws UTC and the browser its own
 * zone right after hydration, so the two drawings never disagree mid-hydration.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(
    never,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "UTC",
  );
}

/**
 * The time "Today" and "Yesterday" are drawn against: the server's request time (ISO) until
 * hydrated, then the browser's clock. Read from the clock during hydration, a page loaded
 * across midnight would draw another day label than the server did.
 */
export function useNow(serverNow: string): Date {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return hydrated ? new Date() : new Date(serverNow);
}

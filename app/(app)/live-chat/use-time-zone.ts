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

"use client";

import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

export const COOKIE_FLAG = "areCookiesAccepted";

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const accepted = () => {
  try {
    return window.localStorage.getItem(COOKIE_FLAG) === "true";
  } catch {
    return false;
  }
};

/** Spec §4: shown until areCookiesAccepted is stored; "I agree" stores it and hides the bar. */
export function CookieNotice() {
  // Server render and first paint assume "accepted" so the bar never flashes for returning users.
  const isAccepted = useSyncExternalStore(subscribe, accepted, () => true);
  if (isAccepted) return null;
  const agree = () => {
    try {
      window.localStorage.setItem(COOKIE_FLAG, "true");
    } catch {
      /* private mode: hide for this page view only */
    }
    listeners.forEach((fn) => fn());
  };
  return (
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          Crewdeck uses cookies and local storage that are needed to sign you in and keep you signed
          in. No advertising or tracking cookies. Read our{" "}
          <a
            href="/cookie-policy"
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-accent-700 underline"
          >
            cookie policy
          </a>
          .
        </p>
        <Button onClick={agree} className="shrink-0">
          I agree
        </Button>
      </div>
    </div>
  );
}

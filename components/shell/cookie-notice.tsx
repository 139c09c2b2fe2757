"use client";

import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { COOKIE_FLAG, COOKIE_NOTICE_ID } from "./cookie-flag";

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

/**
 * Spec §4: shown until areCookiesAccepted is stored; "I agree" stores it and hides the bar.
 * The server draws it (a first visit paints it with the page); for someone who has agreed the
 * root layout's inline HIDE_AGREED_NOTICE hides it before the first paint, and hydration,
 * which reads localStorage, removes it.
 */
export function CookieNotice() {
  const isAccepted = useSyncExternalStore(subscribe, accepted, () => false);
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
      id={COOKIE_NOTICE_ID}
      // The inline script may have set `hidden` before hydration; the next render removes the bar.
      suppressHydrationWarning
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

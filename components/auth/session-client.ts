"use client";

import { signIn } from "next-auth/react";

export const TWO_FACTOR_TICKET_KEY = "crewdeck.twoFactorTicket";

/**
 * Earlier versions kept the remember-device token in localStorage; it now lives in an
 * httpOnly cookie, so a copy left behind is only something a script could steal.
 */
export function forgetStoredRememberToken() {
  try {
    window.localStorage.removeItem("remember_token");
  } catch {
    /* storage unavailable: nothing stored either */
  }
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeCallback(value: string | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return "/";
  return value;
}

/** Turns a finished sign-in ticket into the session cookie, then loads the landing page. */
export async function openSession(ticket: string, callbackUrl: string): Promise<string | null> {
  const res = await signIn("credentials", { ticket, redirect: false });
  if (!res || res.error) return "Your sign-in has expired. Please sign in again.";
  // A full load, not a client navigation: the new session must reach every server component.
  window.location.assign(safeCallback(callbackUrl));
  return null;
}

import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { cookieSettingsFor } from "./cookies";
import { REMEMBER_DEVICE_DAYS } from "@/lib/services/auth/tokens";

/**
 * The browser's "remember this device" token lives in a cookie no script can read
 * (httpOnly) and no other site can send (SameSite=Strict), not in localStorage where any
 * injected script could take it. The REST login still hands it out in its JSON.
 */
export const REMEMBER_COOKIE = "remember_token";

/** Secure whenever the public address is https, the one rule of lib/auth/cookies.ts. */
export const secureCookies = (appUrl: string = env.APP_URL): boolean =>
  cookieSettingsFor(appUrl).secure;

export function rememberCookieOptions(appUrl?: string) {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: secureCookies(appUrl),
    path: "/",
    maxAge: REMEMBER_DEVICE_DAYS * 86_400,
  };
}

export async function readRememberCookie(): Promise<string | null> {
  return (await cookies()).get(REMEMBER_COOKIE)?.value ?? null;
}

export async function setRememberCookie(token: string): Promise<void> {
  (await cookies()).set(REMEMBER_COOKIE, token, rememberCookieOptions());
}

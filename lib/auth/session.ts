import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { loadSessionActor, makeCtx, type Ctx, type UserActor } from "@/lib/services/context";
import { cookieSettings } from "./cookies";
import { getAuthSecret } from "./secret";

export interface BrowserSession {
  uid: number;
  /** Null for a JWT issued before sessions were rows: it counts as signed out. */
  sid: string | null;
}

/** The user id and session id from the next-auth JWT cookie of a request (route handlers, proxy). */
export async function browserSession(
  req: NextRequest | { cookies: Awaited<ReturnType<typeof cookies>>; headers: Headers },
): Promise<BrowserSession | null> {
  const token = await getToken({
    req: req as NextRequest,
    secret: getAuthSecret(),
    secureCookie: cookieSettings.secure,
    cookieName: cookieSettings.sessionCookieName,
  });
  const uid = token?.uid;
  if (typeof uid !== "number") return null;
  return { uid, sid: typeof token?.sid === "string" ? token.sid : null };
}

/**
 * The client's address for rate limits and the activity log. Each proxy appends the address it
 * saw to X-Forwarded-For, so with `hops` proxies in front of the app the client is the entry
 * that many places from the right; entries further left are whatever the client sent. With no
 * trusted proxy (0, the default) every forwarded header may be the client's own invention
 * (Next.js fills X-Forwarded-For with the socket address only when the client sent none), so
 * there is no address: per-account limits still hold, per-address ones need a proxy.
 */
export function clientAddress(
  h: Headers,
  hops: number = env.TRUSTED_PROXY_HOPS,
): string | undefined {
  if (hops < 1) return undefined;
  const forwarded = h
    .get("x-forwarded-for")
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (forwarded?.length) {
    // Fewer entries than proxies: the request did not come through them all; trust none.
    return forwarded.length >= hops ? forwarded[forwarded.length - hops] : undefined;
  }
  return h.get("x-real-ip") ?? undefined;
}

/** The current user in a server component or action (once per request), or null. */
export const currentActor = cache(async (): Promise<UserActor | null> => {
  // The JWT is read from the cookie directly: the sid stays server-side (next-auth's session
  // object is also served to the browser at /api/auth/session).
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const session = await browserSession({ cookies: jar, headers: h });
  return session ? loadSessionActor(await getDb(), session, new Date()) : null;
});

/** ctx for a page or server action: the session's user (or none), now, the address. */
export async function requestCtx(): Promise<Ctx> {
  const [db, actor, h] = await Promise.all([getDb(), currentActor(), headers()]);
  return makeCtx(db, actor, { ip: clientAddress(h), userAgent: h.get("user-agent") ?? undefined });
}

import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { loadActor, makeCtx, type Ctx, type UserActor } from "@/lib/services/context";
import { cookieSettings } from "./cookies";
import { authOptions } from "./next-auth";
import { getAuthSecret } from "./secret";

/** The signed-in user's id from the next-auth JWT cookie of a request (route handlers, proxy). */
export async function sessionUserId(req: NextRequest): Promise<number | null> {
  const token = await getToken({
    req,
    secret: getAuthSecret(),
    secureCookie: cookieSettings.secure,
    cookieName: cookieSettings.sessionCookieName,
  });
  const uid = token?.uid;
  return typeof uid === "number" ? uid : null;
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
  const session = await getServerSession(authOptions());
  const uid = (session as { uid?: unknown } | null)?.uid;
  if (typeof uid !== "number") return null;
  return loadActor(await getDb(), uid);
});

/** ctx for a page or server action: the session's user (or none), now, the address. */
export async function requestCtx(): Promise<Ctx> {
  const [db, actor, h] = await Promise.all([getDb(), currentActor(), headers()]);
  return makeCtx(db, actor, { ip: clientAddress(h) });
}

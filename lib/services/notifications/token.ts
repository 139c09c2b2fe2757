import crypto from "node:crypto";
import { getAuthSecret } from "@/lib/auth/secret";
import { isNotificationPrefKey, type NotificationPrefKey } from "@/lib/domain/notification-prefs";

/**
 * The one-click unsubscribe token of a mail: user and category, signed with the app's secret
 * (HMAC-SHA256, its own purpose prefix so no other signed value passes for it). It does not
 * expire: an old mail's link still works, and all it can do is turn one e-mail category off.
 */
const mac = (body: string) =>
  crypto.createHmac("sha256", getAuthSecret()).update(`unsubscribe:${body}`).digest("base64url");

export function unsubscribeToken(userId: number, category: NotificationPrefKey): string {
  const body = Buffer.from(JSON.stringify({ u: userId, c: category })).toString("base64url");
  return `${body}.${mac(body)}`;
}

/** The user and category of a genuine token; null for anything else. */
export function readUnsubscribeToken(
  token: unknown,
): { userId: number; category: NotificationPrefKey } | null {
  if (typeof token !== "string" || token.length > 300) return null;
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const a = Buffer.from(sig);
  const b = Buffer.from(mac(body));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as {
      u?: unknown;
      c?: unknown;
    };
    if (!Number.isSafeInteger(data.u) || (data.u as number) < 1) return null;
    if (typeof data.c !== "string" || !isNotificationPrefKey(data.c)) return null;
    return { userId: data.u as number, category: data.c };
  } catch {
    return null;
  }
}

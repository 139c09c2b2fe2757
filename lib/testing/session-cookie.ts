import { encode } from "next-auth/jwt";
import type { DbOrTx } from "@/db";
import { getAuthSecret } from "@/lib/auth/secret";
import { createUserSession, sessionExpiry } from "@/lib/services/auth/sessions";

/**
 * The next-auth cookie of a signed-in browser (plain http: the unprefixed name), with a live
 * user_sessions row behind it, as the sign-in opens it.
 */
export async function browserCookie(
  db: DbOrTx,
  uid: number,
  opts: { now?: Date; userAgent?: string } = {},
): Promise<{ cookie: string; sid: string; sessionId: number }> {
  const now = opts.now ?? new Date();
  const { id, sid } = await createUserSession(
    db,
    {
      userId: uid,
      userAgent: opts.userAgent ?? "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      expiresAt: sessionExpiry(now),
    },
    now,
  );
  const jwt = await encode({ token: { uid, sid }, secret: getAuthSecret() });
  return { cookie: `next-auth.session-token=${jwt}`, sid, sessionId: id };
}

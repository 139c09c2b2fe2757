import { and, eq, gt, isNull, ne, type SQL } from "drizzle-orm";
import { schema, type DbOrTx, type Tx } from "@/db";
import { randomToken, sha256 } from "@/lib/auth/secret";

/**
 * Browser sessions as server-side rows (user_sessions). The JWT carries a random `sid`; the
 * row holds only its SHA-256. A browser request acts only while its row is live (not revoked,
 * not expired): see loadSessionActor in ./actor.ts. Revoking the row signs the browser out at
 * once, whatever the JWT says.
 */

/** How long a browser session (and its JWT) lives. */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 3600;

export const sessionExpiry = (now: Date): Date =>
  new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);

/** Longest user agent / address kept (a client may send anything). */
const MAX_AGENT = 400;
const MAX_IP = 64;

export interface NewSession {
  userId: number;
  userAgent?: string | null;
  ip?: string | null;
  expiresAt: Date;
}

/** Creates the row of a new browser session; returns the sid for the JWT. */
export async function createUserSession(
  db: DbOrTx,
  s: NewSession,
  now: Date,
): Promise<{ id: number; sid: string }> {
  const sid = randomToken(32);
  const [row] = await db
    .insert(schema.userSessions)
    .values({
      userId: s.userId,
      sidHash: sha256(sid),
      userAgent: s.userAgent?.slice(0, MAX_AGENT) || null,
      ip: s.ip?.slice(0, MAX_IP) || null,
      expiresAt: s.expiresAt,
      createdAt: now,
    })
    .returning({ id: schema.userSessions.id });
  return { id: row.id, sid };
}

/** Sign-out: revokes the session of this sid; its user's id, or null when none was live. */
export async function revokeSessionBySid(
  db: DbOrTx,
  sid: string,
  now: Date,
): Promise<number | null> {
  if (!sid || sid.length > 200) return null;
  const [row] = await db
    .update(schema.userSessions)
    .set({ revokedAt: now })
    .where(and(eq(schema.userSessions.sidHash, sha256(sid)), isNull(schema.userSessions.revokedAt)))
    .returning({ userId: schema.userSessions.userId });
  return row?.userId ?? null;
}

export interface EndSessionsOptions {
  /** The session that stays (changing one's own password keeps the current browser in). */
  exceptSessionId?: number | null;
  /** Also forget the remembered devices (they skip the second factor). */
  forgetDevices?: boolean;
}

export interface EndedSessions {
  sessions: number;
  tokens: number;
  devices: number;
}

/**
 * Ends every live browser session and API token of a user (deactivation, password reset,
 * password change), optionally except one session. Runs in the caller's transaction, so it
 * takes effect with the change that caused it.
 */
export async function endUserSessions(
  tx: Tx,
  userId: number,
  now: Date,
  opts: EndSessionsOptions = {},
): Promise<EndedSessions> {
  const live: SQL[] = [
    eq(schema.userSessions.userId, userId),
    isNull(schema.userSessions.revokedAt),
    gt(schema.userSessions.expiresAt, now),
  ];
  if (opts.exceptSessionId) live.push(ne(schema.userSessions.id, opts.exceptSessionId));
  const sessions = await tx
    .update(schema.userSessions)
    .set({ revokedAt: now })
    .where(and(...live))
    .returning({ id: schema.userSessions.id });
  const tokens = await tx
    .update(schema.apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(schema.apiTokens.userId, userId),
        isNull(schema.apiTokens.revokedAt),
        gt(schema.apiTokens.expiresAt, now),
      ),
    )
    .returning({ id: schema.apiTokens.id });
  const devices = opts.forgetDevices
    ? await tx
        .delete(schema.rememberTokens)
        .where(eq(schema.rememberTokens.userId, userId))
        .returning({ id: schema.rememberTokens.id })
    : [];
  return { sessions: sessions.length, tokens: tokens.length, devices: devices.length };
}

import { and, eq, gt, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { randomToken, sha256 } from "@/lib/auth/secret";

export const API_TOKEN_DAYS = 30;
export const REMEMBER_DEVICE_DAYS = 30;

export interface IssuedToken {
  access_token: string;
  token_type: "Bearer";
  expires_at: string;
}

export async function issueApiToken(
  db: DbOrTx,
  userId: number,
  now: Date,
  userAgent?: string | null,
): Promise<IssuedToken> {
  const token = `cd_${randomToken(30)}`;
  const expiresAt = new Date(now.getTime() + API_TOKEN_DAYS * 86_400_000);
  await db.insert(schema.apiTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    createdAt: now,
    userAgent: userAgent?.slice(0, 400) || null,
  });
  return { access_token: token, token_type: "Bearer", expires_at: expiresAt.toISOString() };
}

/** The user a live bearer token belongs to, or null (unknown, expired or revoked). */
export async function resolveApiToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<{ tokenId: number; userId: number } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ tokenId: schema.apiTokens.id, userId: schema.apiTokens.userId })
    .from(schema.apiTokens)
    .where(
      and(
        eq(schema.apiTokens.tokenHash, sha256(token)),
        isNull(schema.apiTokens.revokedAt),
        gt(schema.apiTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeApiToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  await db.update(schema.apiTokens).set({ revokedAt: now }).where(eq(schema.apiTokens.id, tokenId));
}

export async function issueRememberToken(
  db: DbOrTx,
  userId: number,
  now: Date,
  userAgent?: string | null,
): Promise<string> {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + REMEMBER_DEVICE_DAYS * 86_400_000);
  await db.insert(schema.rememberTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt,
    createdAt: now,
    userAgent: userAgent?.slice(0, 400) || null,
  });
  return token;
}

export async function rememberTokenValid(
  db: DbOrTx,
  userId: number,
  token: string | undefined | null,
  now: Date,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: schema.rememberTokens.id })
    .from(schema.rememberTokens)
    .where(
      and(
        eq(schema.rememberTokens.tokenHash, sha256(token)),
        eq(schema.rememberTokens.userId, userId),
        gt(schema.rememberTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return false;
  await db
    .update(schema.rememberTokens)
    .set({ lastUsedAt: now })
    .where(eq(schema.rememberTokens.id, row.id));
  return true;
}

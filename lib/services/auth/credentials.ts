import { eq } from "drizzle-orm";
import speakeasy from "speakeasy";
import { schema, type Db } from "@/db";
import { DUMMY_HASH, verifyPassword } from "@/lib/auth/password";
import type { Ctx } from "../context";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { accountKey, addressKey, assertNotRateLimited, recordAttempt } from "./rate-limit";

export const WRONG_CREDENTIALS = "These credentials do not match our records.";
export const TWO_FACTOR_REQUIRED = "Enter the code from your authenticator app.";
export const WRONG_CODE = "The two-factor code is not valid.";

export interface VerifiedUser {
  id: number;
  totpSecret: string | null;
}

/**
 * Checks e-mail and password under the rate limit; every failure counts toward it.
 * Unknown e-mail and wrong password answer the same, in the same time.
 */
export async function verifyCredentials(
  ctx: Ctx,
  email: string,
  password: string,
): Promise<VerifiedUser> {
  const keys = { account: accountKey(email), address: ctx.ip ? addressKey(ctx.ip) : undefined };
  await assertNotRateLimited(ctx.db, keys, "login", ctx.now);
  const [user] = await ctx.db
    .select({
      id: schema.users.id,
      passwordHash: schema.users.passwordHash,
      status: schema.users.status,
      approved: schema.users.approved,
      deletedAt: schema.users.deletedAt,
      totpSecret: schema.totpSecrets.secret,
      totpEnabledAt: schema.totpSecrets.enabledAt,
    })
    .from(schema.users)
    .leftJoin(schema.totpSecrets, eq(schema.totpSecrets.userId, schema.users.id))
    .where(eq(schema.users.email, email.trim().toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !ok || user.deletedAt) {
    await recordAttempt(ctx.db, keys, "login", false, ctx.now);
    throw new UnauthenticatedError(WRONG_CREDENTIALS, "invalid_credentials");
  }
  await recordAttempt(ctx.db, keys, "login", true, ctx.now);
  if (user.status !== "active") {
    throw new ForbiddenError(
      "Your account has been deactivated. Please contact your agency.",
      "account_deactivated",
    );
  }
  if (!user.approved) {
    throw new ForbiddenError(
      "Your account is awaiting approval. You can sign in once the agency has approved it.",
      "account_not_approved",
    );
  }
  return { id: user.id, totpSecret: user.totpEnabledAt ? user.totpSecret : null };
}

export function totpCodeValid(secret: string, code: string | undefined | null, now: Date): boolean {
  if (!code || !/^\d{6}$/.test(code.trim())) return false;
  return speakeasy.totp.verify({
    secret,
    encoding: "base32",
    token: code.trim(),
    window: 1,
    time: Math.floor(now.getTime() / 1000),
  });
}

/** A wrong second factor also counts toward the account's limit. */
export async function assertTotp(
  ctx: Ctx,
  email: string,
  secret: string,
  code: string,
): Promise<void> {
  const keys = { account: accountKey(email), address: ctx.ip ? addressKey(ctx.ip) : undefined };
  await assertNotRateLimited(ctx.db, keys, "otp", ctx.now);
  if (!totpCodeValid(secret, code, ctx.now)) {
    await recordAttempt(ctx.db, keys, "otp", false, ctx.now);
    throw new UnauthenticatedError(WRONG_CODE, "invalid_otp");
  }
  await recordAttempt(ctx.db, keys, "otp", true, ctx.now);
}

export async function touchLastLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(schema.users).set({ lastLoginAt: now }).where(eq(schema.users.id, userId));
}

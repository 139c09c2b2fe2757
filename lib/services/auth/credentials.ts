import { and, eq, isNull, lt, or } from "drizzle-orm";
import speakeasy from "speakeasy";
import { schema, type Db, type DbOrTx } from "@/db";
import { DUMMY_HASH, verifyPassword } from "@/lib/auth/password";
import type { Ctx } from "../context";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { accountKey, addressKey, beginAttempt, finishAttempt } from "./rate-limit";

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
  const attempt = await beginAttempt(ctx.db, keys, "login", ctx.now);
  const [user] = await ctx.db
    .select({
      id: schema.users.id,
      passwordHash: schema.users.passwordHash,
      status: schema.users.status,
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
    throw new UnauthenticatedError(WRONG_CREDENTIALS, "invalid_credentials");
  }
  await finishAttempt(ctx.db, attempt, true);
  if (user.status !== "active") {
    throw new ForbiddenError(
      "Your account has been deactivated. Please contact your agency.",
      "account_deactivated",
    );
  }
  // An applicant (not yet approved) signs in too: its actor carries approved=false and only
  // the applicant permissions (./actor.ts), so it sees its awaiting-approval dashboard.
  return { id: user.id, totpSecret: user.totpEnabledAt ? user.totpSecret : null };
}

const TOTP_STEP_SECONDS = 30;

/** The time step a code belongs to (within one step either side of now), or null. */
export function totpCodeStep(
  secret: string,
  code: string | undefined | null,
  now: Date,
): number | null {
  if (!code || !/^\d{6}$/.test(code.trim())) return null;
  const time = Math.floor(now.getTime() / 1000);
  const match = speakeasy.totp.verifyDelta({
    secret,
    encoding: "base32",
    token: code.trim(),
    window: 1,
    time,
  });
  return match ? Math.floor(time / TOTP_STEP_SECONDS) + match.delta : null;
}

export function totpCodeValid(secret: string, code: string | undefined | null, now: Date): boolean {
  return totpCodeStep(secret, code, now) !== null;
}

/**
 * Accepts a code's step once per user: compare-and-set on the last accepted step, so the same
 * code (or an older one) seen again, even by a parallel request, is refused.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(schema.totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(schema.totpSecrets.userId, userId),
        or(isNull(schema.totpSecrets.lastUsedStep), lt(schema.totpSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: schema.totpSecrets.userId });
  return rows.length > 0;
}

/** A wrong (or replayed) second factor also counts toward the account's limit. */
export async function assertTotp(
  ctx: Ctx,
  user: { id: number; email: string },
  secret: string,
  code: string,
): Promise<void> {
  const keys = {
    account: accountKey(user.email),
    address: ctx.ip ? addressKey(ctx.ip) : undefined,
  };
  const attempt = await beginAttempt(ctx.db, keys, "otp", ctx.now);
  const step = totpCodeStep(secret, code, ctx.now);
  if (step === null || !(await claimTotpStep(ctx.db, user.id, step))) {
    throw new UnauthenticatedError(WRONG_CODE, "invalid_otp");
  }
  await finishAttempt(ctx.db, attempt, true);
}

export async function touchLastLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db.update(schema.users).set({ lastLoginAt: now }).where(eq(schema.users.id, userId));
}

import crypto from "node:crypto";
import { PASSWORD_MAX } from "@/lib/domain/text-limits";
import { z } from "zod";
import { eq, isNull, sql } from "drizzle-orm";
import speakeasy from "speakeasy";
import QRCode from "qrcode";
import { schema, type DbOrTx, type Tx } from "@/db";
import { verifyPassword } from "@/lib/auth/password";
import { getAuthSecret } from "@/lib/auth/secret";
import { requireUser, type Ctx, withTx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";
import { totpCodeStep } from "./credentials";
import { accountKey, beginAttempt, finishAttempt } from "./rate-limit";

async function secretRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(schema.totpSecrets)
    .where(eq(schema.totpSecrets.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function twoFactorStatus(ctx: Ctx) {
  const actor = requireUser(ctx);
  const row = await secretRow(ctx.db, actor.userId);
  return { enabled: Boolean(row?.enabledAt) };
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as authenticator apps take a key. */
function base32(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The secret a user's set-up shows until it is confirmed, computed rather than stored.
 *
 * Why: set-up is read by `GET otp` and the /otp/enable page, and a GET never writes (DESIGN
 * §3). Storing a random pending secret on the first GET made a GET write, and two tabs opened
 * at once collided on the row (409). Derived, every GET and every tab shows the same secret,
 * nothing is written until `POST otp` confirms a code, and the REST contract (GET image and
 * code, then POST the code) is unchanged for outside callers.
 *
 * What it is derived from: the auth secret (so nobody else can compute it), the user, the
 * user's password hash and the row left by the last switch-off. The password hash is random
 * per user and lives only in the database, so the auth secret alone does not give anyone's
 * second factor; a new password also gives a new pending secret (a QR code someone else saw
 * before stops working). Switching off leaves a fresh random value in the row (disableTotp),
 * so a later set-up never shows a secret that was used before. Once confirmed, the secret is
 * stored as it is (a later password change leaves the enabled one alone).
 */
function pendingSecret(userId: number, passwordHash: string, previous: string | null): string {
  const mac = crypto
    .createHmac("sha256", getAuthSecret())
    .update(["crewdeck-totp-setup-v1", String(userId), passwordHash, previous ?? ""].join("\0"))
    .digest();
  return base32(mac.subarray(0, 20));
}

/** The user's password hash and two-factor row: what the pending secret is derived from. */
async function setupState(db: DbOrTx, userId: number, lock: boolean) {
  const query = db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  // Enabling locks the user row: two tabs confirming at once, or a password change meanwhile,
  // wait for each other, and the secret is derived from what is committed.
  const [user] = lock ? await query.for("update") : await query;
  const row = await secretRow(db, userId);
  if (row?.enabledAt)
    throw new ConflictError("Two-factor login is already enabled.", "otp_enabled");
  return { secret: pendingSecret(userId, user?.passwordHash ?? "", row?.secret ?? null) };
}

/**
 * GET /api/v2/otp and the /otp/enable page: a QR image (data URL) and the base32 code to type
 * in by hand. A pure read: asking again, from any tab, shows the same secret (see pendingSecret).
 */
export async function showTotpSetup(ctx: Ctx) {
  const actor = requireUser(ctx);
  const { secret } = await setupState(ctx.db, actor.userId, false);
  const url = speakeasy.otpauthURL({
    secret,
    encoding: "base32",
    label: `Crewdeck:${actor.email}`,
    issuer: "Crewdeck",
  });
  const image = await QRCode.toDataURL(url, { margin: 1, width: 240 });
  return { image, code: secret };
}

export const enableTotpInput = z.object({
  otp: requiredString("otp")
    .trim()
    .regex(/^\d{6}$/, "The code has 6 digits."),
});

const invalidCode = () =>
  new ValidationError(
    "The two-factor code is not valid.",
    { otp: ["The two-factor code is not valid."] },
    "invalid_otp",
  );

/**
 * POST /api/v2/otp: a code from the app confirms the secret the set-up shows, which is stored
 * now (with the code's step, so the same code cannot sign in again), in one transaction with
 * its activity row. Wrong codes count toward the account's limit.
 */
export async function enableTotp(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  const input = parseInput(enableTotpInput, raw);
  const attempt = await beginAttempt(ctx.db, { account: accountKey(actor.email) }, "otp", ctx.now);
  await withTx(ctx, async (ctx) => {
    const { secret } = await setupState(ctx.db, actor.userId, true);
    const step = totpCodeStep(secret, input.otp, ctx.now);
    if (step === null) throw invalidCode();
    const [stored] = await ctx.db
      .insert(schema.totpSecrets)
      .values({
        userId: actor.userId,
        secret,
        enabledAt: ctx.now,
        lastUsedStep: step,
        createdAt: ctx.now,
      })
      .onConflictDoUpdate({
        target: schema.totpSecrets.userId,
        set: {
          secret: sql`excluded.secret`,
          enabledAt: sql`excluded.enabled_at`,
          lastUsedStep: sql`excluded.last_used_step`,
        },
        setWhere: isNull(schema.totpSecrets.enabledAt),
      })
      .returning({ userId: schema.totpSecrets.userId });
    if (!stored) throw new ConflictError("Two-factor login is already enabled.", "otp_enabled");
    await logActivity(ctx, {
      logName: "auth",
      description: "Enabled two-factor login",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  await finishAttempt(ctx.db, attempt, true);
  return { enabled: true, message: "Two-factor login enabled" };
}

export const disableTotpInput = z.object({
  password: requiredString("password").min(1, "The password field is required.").max(PASSWORD_MAX),
});

/** POST /api/v2/otp/disable: needs the password again; remembered devices are forgotten too. */
export async function disableTotp(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  const input = parseInput(disableTotpInput, raw);
  const keys = { account: accountKey(actor.email) };
  const attempt = await beginAttempt(ctx.db, keys, "otp_disable", ctx.now);
  const [user] = await ctx.db
    .select({ passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, actor.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    throw new ValidationError(
      "The password is not correct.",
      { password: ["The password is not correct."] },
      "invalid_password",
    );
  }
  await finishAttempt(ctx.db, attempt, true);
  await withTx(ctx, async (ctx) => {
    await switchOffTotp(ctx.db, actor.userId, ctx.now);
    await logActivity(ctx, {
      logName: "auth",
      description: "Disabled two-factor login",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  return { enabled: false, message: "Two-factor login disabled" };
}

export const TWO_FACTOR_OFF = "Two-factor login is not enabled.";

/**
 * Turns a user's two-factor login off, inside the caller's transaction (its own POST
 * otp/disable, or the office helping a user who lost its phone): 409 when it is off already.
 * Its remembered devices go too: they only stood in for a code.
 */
export async function switchOffTotp(db: Tx, userId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ enabledAt: schema.totpSecrets.enabledAt })
    .from(schema.totpSecrets)
    .where(eq(schema.totpSecrets.userId, userId))
    .for("update");
  if (!row?.enabledAt) throw new ConflictError(TWO_FACTOR_OFF, "otp_disabled");
  // The row stays, switched off, holding a random value nobody is shown: the next set-up
  // derives its secret from it (pendingSecret), so it never shows the old secret again.
  await db
    .update(schema.totpSecrets)
    .set({
      secret: base32(crypto.randomBytes(20)),
      enabledAt: null,
      lastUsedStep: null,
      createdAt: now,
    })
    .where(eq(schema.totpSecrets.userId, userId));
  await db.delete(schema.rememberTokens).where(eq(schema.rememberTokens.userId, userId));
}

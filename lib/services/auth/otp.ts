import { z } from "zod";
import { eq } from "drizzle-orm";
import speakeasy from "speakeasy";
import QRCode from "qrcode";
import { schema } from "@/db";
import { verifyPassword } from "@/lib/auth/password";
import { requireUser, type Ctx, withTx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";
import { claimTotpStep, totpCodeStep } from "./credentials";
import { accountKey, beginAttempt, finishAttempt } from "./rate-limit";

async function secretRow(ctx: Ctx, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(schema.totpSecrets)
    .where(eq(schema.totpSecrets.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function twoFactorStatus(ctx: Ctx) {
  const actor = requireUser(ctx);
  const row = await secretRow(ctx, actor.userId);
  return { enabled: Boolean(row?.enabledAt) };
}

/**
 * GET /api/v2/otp: a QR image (data URL) and the base32 code to type in by hand. The
 * secret stays pending until a first code confirms it, so asking again shows the same one.
 */
export async function beginTotpSetup(ctx: Ctx) {
  const actor = requireUser(ctx);
  const row = await secretRow(ctx, actor.userId);
  if (row?.enabledAt)
    throw new ConflictError("Two-factor login is already enabled.", "otp_enabled");
  let secret = row?.secret;
  if (!secret) {
    secret = speakeasy.generateSecret({ length: 20 }).base32;
    await ctx.db
      .insert(schema.totpSecrets)
      .values({ userId: actor.userId, secret, createdAt: ctx.now });
  }
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

/** POST /api/v2/otp: confirms the pending secret with a code from the app. */
export async function enableTotp(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  const input = parseInput(enableTotpInput, raw);
  const keys = { account: accountKey(actor.email) };
  const row = await secretRow(ctx, actor.userId);
  if (row?.enabledAt)
    throw new ConflictError("Two-factor login is already enabled.", "otp_enabled");
  if (!row)
    throw new ValidationError("Start the set-up first: scan the QR code.", {
      otp: ["Start the set-up first."],
    });
  const attempt = await beginAttempt(ctx.db, keys, "otp", ctx.now);
  const step = totpCodeStep(row.secret, input.otp, ctx.now);
  if (step === null || !(await claimTotpStep(ctx.db, actor.userId, step))) {
    throw new ValidationError(
      "The two-factor code is not valid.",
      { otp: ["The two-factor code is not valid."] },
      "invalid_otp",
    );
  }
  await finishAttempt(ctx.db, attempt, true);
  await withTx(ctx, async (ctx) => {
    await ctx.db
      .update(schema.totpSecrets)
      .set({ enabledAt: ctx.now })
      .where(eq(schema.totpSecrets.userId, actor.userId));
    await logActivity(ctx, {
      logName: "auth",
      description: "Enabled two-factor login",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  return { enabled: true, message: "Two-factor login enabled" };
}

export const disableTotpInput = z.object({
  password: requiredString("password").min(1, "The password field is required.").max(200),
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
  const row = await secretRow(ctx, actor.userId);
  if (!row?.enabledAt) throw new ConflictError("Two-factor login is not enabled.", "otp_disabled");
  await withTx(ctx, async (ctx) => {
    await ctx.db.delete(schema.totpSecrets).where(eq(schema.totpSecrets.userId, actor.userId));
    await ctx.db
      .delete(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, actor.userId));
    await logActivity(ctx, {
      logName: "auth",
      description: "Disabled two-factor login",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  return { enabled: false, message: "Two-factor login disabled" };
}

import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { and, eq, gt, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { randomToken, sha256 } from "@/lib/auth/secret";
import { isStrongPassword, PASSWORD_STRENGTH_MESSAGE } from "@/lib/domain/password";
import { queueMail } from "@/lib/mail";
import { env } from "@/lib/env";
import { type Ctx, type TxCtx, withTx } from "../context";
import { ValidationError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";
import { accountKey, addressKey, beginAttempt, tokenKey, userKey } from "../auth/rate-limit";
import { endUserSessions } from "../auth/sessions";

export const PASSWORD_RESET_MINUTES = 60;
/** How long the link of a user created by the office stays valid (it may be read days later). */
export const WELCOME_LINK_DAYS = 7;
export const RESET_LINK_SENT =
  "If an account exists for this address, we have sent a link to reset the password.";
export const PASSWORD_CHANGED = "Your password has been changed. Sign in with the new one.";
export const RESET_LINK_INVALID =
  "This password reset link is invalid, has expired or was already used. Ask for a new one.";
/** The start of a 429's message; "Please try again in N minutes." follows. */
export const TOO_MANY_RESET_REQUESTS = "Too many reset requests for this e-mail address.";
export const TOO_MANY_RESET_TRIES = {
  token: "Too many attempts with this password reset link.",
  account: "Too many password resets for this account.",
};

const email = requiredString("email")
  .trim()
  .min(1, "The email field is required.")
  .toLowerCase()
  .pipe(z.email({ error: "The email must be a valid email address." }).max(EMAIL_MAX));

export const forgotPasswordInput = z.object({ email });

/** A new password and its repetition, with the strength rule of spec §5. */
export const newPasswordFields = {
  password: requiredString("password")
    .max(PASSWORD_MAX, tooLongMessage("password", PASSWORD_MAX))
    .refine(isStrongPassword, PASSWORD_STRENGTH_MESSAGE),
  password_confirmation: requiredString("password confirmation"),
};

export const confirmedPassword = <T extends { password: string; password_confirmation: string }>(
  v: T,
) => v.password === v.password_confirmation;
export const PASSWORD_MISMATCH = {
  message: "The password confirmation does not match.",
  path: ["password_confirmation"],
};

export const savePasswordInput = z
  .object({ token: requiredString("token").min(1).max(200), ...newPasswordFields })
  .refine(confirmedPassword, PASSWORD_MISMATCH);

/**
 * POST auth/forgot_password: the same answer, after the same work, whether or not the address
 * has an account (no enumeration). Every request counts toward the per-address and per-e-mail
 * limits. A real, active account gets a single-use link valid for an hour.
 */
export async function forgotPassword(ctx: Ctx, raw: unknown) {
  const input = parseInput(forgotPasswordInput, raw);
  await beginAttempt(
    ctx.db,
    { account: accountKey(input.email), address: ctx.ip ? addressKey(ctx.ip) : undefined },
    "forgot_password",
    ctx.now,
    { account: TOO_MANY_RESET_REQUESTS },
  );
  const token = randomToken(32);
  await withTx(ctx, async (ctx) => {
    const [user] = await ctx.db
      .select({ id: schema.users.id, firstName: schema.users.firstName, name: schema.users.name })
      .from(schema.users)
      .where(
        and(
          eq(schema.users.email, input.email),
          isNull(schema.users.deletedAt),
          eq(schema.users.status, "active"),
        ),
      )
      .limit(1);
    if (!user) return;
    const link = await storeResetLink(ctx, user.id, token, PASSWORD_RESET_MINUTES);
    await queueMail(
      ctx.db,
      {
        to: input.email,
        template: "password_reset",
        subject: "Reset your Crewdeck password",
        text: [
          `Hi ${user.firstName ?? user.name.split(" ")[0]},`,
          "",
          "Someone (hopefully you) asked to reset the password of your Crewdeck account.",
          `Choose a new password here: ${link}`,
          "",
          `The link works once and for ${PASSWORD_RESET_MINUTES} minutes.`,
          "If you did not ask for this, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      },
      ctx.now,
    );
    await logActivity(ctx, {
      logName: "auth",
      description: "Password reset requested",
      subjectType: "users",
      subjectId: user.id,
    });
  });
  return { message: RESET_LINK_SENT };
}

/** Stores a single-use password link for the user; answers the address to put in the mail. */
async function storeResetLink(ctx: TxCtx, userId: number, token: string, minutes: number) {
  await ctx.db.insert(schema.passwordResets).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + minutes * 60_000),
    createdAt: ctx.now,
  });
  return `${env.APP_URL}/password/reset/${token}`;
}

/**
 * A user the office created without a password gets a link to choose one, valid for
 * WELCOME_LINK_DAYS; the same page and single-use rule as a reset.
 */
export async function sendWelcomeLink(
  ctx: TxCtx,
  user: { id: number; email: string; firstName: string },
) {
  const link = await storeResetLink(ctx, user.id, randomToken(32), WELCOME_LINK_DAYS * 24 * 60);
  await queueMail(
    ctx.db,
    {
      to: user.email,
      template: "welcome_set_password",
      subject: "Welcome to Crewdeck: choose your password",
      text: [
        `Hi ${user.firstName},`,
        "",
        "An account has been made for you on Crewdeck.",
        `Choose your password here: ${link}`,
        "",
        `The link works once and for ${WELCOME_LINK_DAYS} days. Then sign in with your e-mail address.`,
      ].join("\n"),
    },
    ctx.now,
  );
}

/** What a password link is, as its page says when opened (before the password is typed). */
export type ResetLinkState = "valid" | "used" | "expired" | "unknown";

export const RESET_LINK_PROBLEM: Record<Exclude<ResetLinkState, "valid">, string> = {
  used: "This password link was already used. Each link works once: ask for a new one if you still need to set your password.",
  expired:
    "This password link has expired. Ask for a new one: it arrives by e-mail within a minute.",
  unknown:
    "This password link is not valid. Check that the whole link from the e-mail was opened, or ask for a new one.",
};

/**
 * Opening /password/reset/{token}: whether the link can still set a password. A pure read (a
 * page load never writes: no attempt is counted, nothing is spent); savePassword checks again.
 * Input that cannot be a link (empty, past 200 characters, not text) is "unknown".
 */
export async function resetLinkState(ctx: Ctx, token: unknown): Promise<ResetLinkState> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return "unknown";
  const [link] = await ctx.db
    .select({ usedAt: schema.passwordResets.usedAt, expiresAt: schema.passwordResets.expiresAt })
    .from(schema.passwordResets)
    .where(eq(schema.passwordResets.tokenHash, sha256(token)))
    .limit(1);
  if (!link) return "unknown";
  if (link.usedAt) return "used";
  if (link.expiresAt <= ctx.now) return "expired";
  return "valid";
}

const invalidLink = () =>
  new ValidationError(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] }, "invalid_token");

/**
 * POST auth/forgot_password_save: sets the new password with a live reset token. The link is
 * looked up before anything costly: an unknown, used or expired one is refused without hashing
 * the new password (argon2id takes ~19 MB and tens of milliseconds a call, which made-up
 * tokens must not buy), and the attempt counts toward the limits per token, per account (the
 * link's user) and per address. The UPDATE that spends the token stays the single-use check
 * (two submits at once: one wins), so the lookup only decides whether to do the work. Every
 * session, API token and remembered device of the user ends with it.
 */
export async function savePassword(ctx: Ctx, raw: unknown) {
  const input = parseInput(savePasswordInput, raw);
  const tokenHash = sha256(input.token);
  const [link] = await ctx.db
    .select({
      userId: schema.passwordResets.userId,
      usedAt: schema.passwordResets.usedAt,
      expiresAt: schema.passwordResets.expiresAt,
    })
    .from(schema.passwordResets)
    .where(eq(schema.passwordResets.tokenHash, tokenHash))
    .limit(1);
  await beginAttempt(
    ctx.db,
    {
      token: tokenKey(tokenHash),
      account: link ? userKey(link.userId) : undefined,
      address: ctx.ip ? addressKey(ctx.ip) : undefined,
    },
    "password_reset",
    ctx.now,
    TOO_MANY_RESET_TRIES,
  );
  if (!link || link.usedAt || link.expiresAt <= ctx.now) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await withTx(ctx, async (ctx) => {
    const [spent] = await ctx.db
      .update(schema.passwordResets)
      .set({ usedAt: ctx.now })
      .where(
        and(
          eq(schema.passwordResets.tokenHash, tokenHash),
          isNull(schema.passwordResets.usedAt),
          gt(schema.passwordResets.expiresAt, ctx.now),
        ),
      )
      .returning({ userId: schema.passwordResets.userId });
    if (!spent) throw invalidLink();
    const [user] = await ctx.db
      .update(schema.users)
      .set({ passwordHash, updatedAt: ctx.now })
      .where(and(eq(schema.users.id, spent.userId), isNull(schema.users.deletedAt)))
      .returning({ id: schema.users.id, emailVerifiedAt: schema.users.emailVerifiedAt });
    if (!user) throw invalidLink();
    // The mail reached the address, so the address is proven.
    if (!user.emailVerifiedAt) {
      await ctx.db
        .update(schema.users)
        .set({ emailVerifiedAt: ctx.now })
        .where(eq(schema.users.id, user.id));
    }
    // Any other reset link of the user is spent too.
    await ctx.db
      .update(schema.passwordResets)
      .set({ usedAt: ctx.now })
      .where(and(eq(schema.passwordResets.userId, user.id), isNull(schema.passwordResets.usedAt)));
    await endUserSessions(ctx.db, user.id, ctx.now, { forgetDevices: true });
    await logActivity(ctx, {
      logName: "auth",
      description: "Password reset",
      subjectType: "users",
      subjectId: user.id,
    });
  });
  return { message: PASSWORD_CHANGED };
}

/** How long a password link the office sends stays valid: the user may read it hours later. */
export const OFFICE_LINK_HOURS = 24;

/**
 * A link to choose a new password, mailed to `user.email`, after something that calls the
 * password into doubt (a reported e-mail change: `why` says what happened) or at the office's
 * request for a locked-out user.
 */
export async function sendPasswordLink(
  ctx: TxCtx,
  user: { id: number; email: string; firstName: string | null; name: string },
  why: string,
  minutes = PASSWORD_RESET_MINUTES,
) {
  const link = await storeResetLink(ctx, user.id, randomToken(32), minutes);
  const lasts = minutes % 60 === 0 && minutes > 60 ? `${minutes / 60} hours` : `${minutes} minutes`;
  await queueMail(
    ctx.db,
    {
      to: user.email,
      template: "password_reset",
      subject: "Choose a new Crewdeck password",
      text: [
        `Hi ${user.firstName?.trim() || user.name.split(" ")[0]},`,
        "",
        `${why} Choose a new password here:`,
        link,
        "",
        `The link works once and for ${lasts}.`,
      ].join("\n"),
    },
    ctx.now,
  );
}

import { z } from "zod";
import { PASSWORD_MAX } from "@/lib/domain/text-limits";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { schema } from "@/db";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { describeUserAgent } from "@/lib/domain/user-agent";
import { type Ctx, requireUser, type UserActor, withTx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { parseId } from "../params";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";
import { accountKey, beginAttempt, finishAttempt } from "../auth/rate-limit";
import { endUserSessions } from "../auth/sessions";
import { confirmedPassword, newPasswordFields, PASSWORD_MISMATCH } from "./password-reset";

/**
 * The user-security tab and its REST calls: one's own password, browser sessions, API tokens
 * and remembered devices. Every verb acts on the caller alone: another user's id is a 404.
 */

export const PASSWORD_UPDATED = "Your password has been changed. Your other sessions have ended.";
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to make this change.";

/**
 * The signed-in user proves it is itself before a change that could lock it out (a new
 * password, a new sign-in address): its current password, counted toward the account's
 * limit of attempts (429 past it), so a stolen session cannot guess it. Before any
 * transaction: hashing is slow, and the attempt must count even when the change fails.
 */
export async function assertCurrentPassword(
  ctx: Ctx,
  actor: UserActor,
  password: unknown,
  action: "change_password" | "change_email",
): Promise<void> {
  if (typeof password !== "string" || !password)
    throw new ValidationError(CURRENT_PASSWORD_REQUIRED, {
      current_password: [CURRENT_PASSWORD_REQUIRED],
    });
  const attempt = await beginAttempt(ctx.db, { account: accountKey(actor.email) }, action, ctx.now);
  const [user] = await ctx.db
    .select({ hash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.id, actor.userId));
  if (!user || !(await verifyPassword(user.hash, password.slice(0, 200)))) {
    throw new ValidationError(WRONG_CURRENT_PASSWORD, {
      current_password: [WRONG_CURRENT_PASSWORD],
    });
  }
  await finishAttempt(ctx.db, attempt, true);
}

export const changePasswordInput = z
  .object({
    current_password: requiredString("current password")
      .min(1, "The current password field is required.")
      .max(PASSWORD_MAX),
    ...newPasswordFields,
  })
  .refine(confirmedPassword, PASSWORD_MISMATCH);

/**
 * POST auth/change-password: needs the current password (counted toward the account's limit).
 * Ends every other browser session and every API token; the current browser session stays.
 */
export async function changePassword(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  const input = parseInput(changePasswordInput, raw);
  await assertCurrentPassword(ctx, actor, input.current_password, "change_password");
  const passwordHash = await hashPassword(input.password);
  const ended = await withTx(ctx, async (ctx) => {
    await ctx.db
      .update(schema.users)
      .set({ passwordHash, updatedAt: ctx.now })
      .where(eq(schema.users.id, actor.userId));
    const ended = await endUserSessions(ctx.db, actor.userId, ctx.now, {
      exceptSessionId: actor.sessionId,
    });
    await logActivity(ctx, {
      logName: "auth",
      description: "Password changed",
      subjectType: "users",
      subjectId: actor.userId,
      properties: { ended_sessions: ended.sessions, revoked_tokens: ended.tokens },
    });
    return ended;
  });
  return {
    message: PASSWORD_UPDATED,
    data: { ended_sessions: ended.sessions, revoked_tokens: ended.tokens },
  };
}

export interface SessionView {
  id: number;
  browser: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  expires_at: Date;
  current: boolean;
}

/** GET auth/sessions: the caller's live browser sessions, newest first ("this device" marked). */
export async function listSessions(ctx: Ctx): Promise<SessionView[]> {
  const actor = requireUser(ctx);
  const s = schema.userSessions;
  const rows = await ctx.db
    .select({
      id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
    })
    .from(s)
    .where(and(eq(s.userId, actor.userId), isNull(s.revokedAt), gt(s.expiresAt, ctx.now)))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    browser: describeUserAgent(r.userAgent),
    user_agent: r.userAgent,
    ip: r.ip,
    created_at: r.createdAt,
    expires_at: r.expiresAt,
    current: r.id === actor.sessionId,
  }));
}

/** DELETE auth/sessions/{id}: signs that browser out (the current one too, if asked). */
export async function revokeSession(ctx: Ctx, rawId: unknown) {
  const actor = requireUser(ctx);
  const id = parseId(rawId);
  const s = schema.userSessions;
  return withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .update(s)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(s.id, id),
          eq(s.userId, actor.userId),
          isNull(s.revokedAt),
          gt(s.expiresAt, ctx.now),
        ),
      )
      .returning({ id: s.id });
    if (!row) throw new NotFoundError("The session does not exist or has already ended.");
    await logActivity(ctx, {
      logName: "auth",
      description: "Session ended",
      subjectType: "users",
      subjectId: actor.userId,
      properties: { session_id: id },
    });
    return { message: "The session has been ended.", data: { id } };
  });
}

/** DELETE auth/sessions: every other live session of the caller. */
export async function revokeOtherSessions(ctx: Ctx) {
  const actor = requireUser(ctx);
  const s = schema.userSessions;
  return withTx(ctx, async (ctx) => {
    const rows = await ctx.db
      .update(s)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(s.userId, actor.userId),
          isNull(s.revokedAt),
          gt(s.expiresAt, ctx.now),
          ...(actor.sessionId ? [ne(s.id, actor.sessionId)] : []),
        ),
      )
      .returning({ id: s.id });
    await logActivity(ctx, {
      logName: "auth",
      description: "Other sessions ended",
      subjectType: "users",
      subjectId: actor.userId,
      properties: { count: rows.length },
    });
    return { message: "Your other sessions have been ended.", data: { count: rows.length } };
  });
}

export interface TokenView {
  id: number;
  name: string;
  browser: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
}

/** GET auth/tokens: the caller's live API tokens (never the token itself: only its hash is kept). */
export async function listTokens(ctx: Ctx): Promise<TokenView[]> {
  const actor = requireUser(ctx);
  const t = schema.apiTokens;
  const rows = await ctx.db
    .select({
      id: t.id,
      name: t.name,
      userAgent: t.userAgent,
      createdAt: t.createdAt,
      lastUsedAt: t.lastUsedAt,
      expiresAt: t.expiresAt,
    })
    .from(t)
    .where(and(eq(t.userId, actor.userId), isNull(t.revokedAt), gt(t.expiresAt, ctx.now)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    browser: describeUserAgent(r.userAgent),
    created_at: r.createdAt,
    last_used_at: r.lastUsedAt,
    expires_at: r.expiresAt,
  }));
}

async function revokeTokens(ctx: Ctx, id: number | null) {
  const actor = requireUser(ctx);
  const t = schema.apiTokens;
  return withTx(ctx, async (ctx) => {
    const rows = await ctx.db
      .update(t)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(t.userId, actor.userId),
          isNull(t.revokedAt),
          gt(t.expiresAt, ctx.now),
          ...(id === null ? [] : [eq(t.id, id)]),
        ),
      )
      .returning({ id: t.id });
    if (id !== null && !rows.length)
      throw new NotFoundError("The API token does not exist or has already been revoked.");
    await logActivity(ctx, {
      logName: "auth",
      description: id === null ? "API tokens revoked" : "API token revoked",
      subjectType: "users",
      subjectId: actor.userId,
      properties: { token_ids: rows.map((r) => r.id) },
    });
    return rows.length;
  });
}

/** DELETE auth/tokens/{id}. */
export async function revokeToken(ctx: Ctx, rawId: unknown) {
  const id = parseId(rawId);
  await revokeTokens(ctx, id);
  return { message: "The API token has been revoked.", data: { id } };
}

/** DELETE auth/tokens: every live API token of the caller. */
export async function revokeAllTokens(ctx: Ctx) {
  const count = await revokeTokens(ctx, null);
  return { message: "Your API tokens have been revoked.", data: { count } };
}

export interface DeviceView {
  id: number;
  browser: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
}

/** GET auth/remembered-devices: the devices that skip the second factor. */
export async function listRememberedDevices(ctx: Ctx): Promise<DeviceView[]> {
  const actor = requireUser(ctx);
  const r = schema.rememberTokens;
  const rows = await ctx.db
    .select({
      id: r.id,
      userAgent: r.userAgent,
      createdAt: r.createdAt,
      lastUsedAt: r.lastUsedAt,
      expiresAt: r.expiresAt,
    })
    .from(r)
    .where(and(eq(r.userId, actor.userId), gt(r.expiresAt, ctx.now)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(100);
  return rows.map((d) => ({
    id: d.id,
    browser: describeUserAgent(d.userAgent),
    created_at: d.createdAt,
    last_used_at: d.lastUsedAt,
    expires_at: d.expiresAt,
  }));
}

async function forgetDevices(ctx: Ctx, id: number | null) {
  const actor = requireUser(ctx);
  const r = schema.rememberTokens;
  return withTx(ctx, async (ctx) => {
    const rows = await ctx.db
      .delete(r)
      .where(and(eq(r.userId, actor.userId), ...(id === null ? [] : [eq(r.id, id)])))
      .returning({ id: r.id });
    if (id !== null && !rows.length)
      throw new NotFoundError("The remembered device does not exist or was already forgotten.");
    await logActivity(ctx, {
      logName: "auth",
      description: id === null ? "Remembered devices forgotten" : "Remembered device forgotten",
      subjectType: "users",
      subjectId: actor.userId,
      properties: { device_ids: rows.map((d) => d.id) },
    });
    return rows.length;
  });
}

/** DELETE auth/remembered-devices/{id}: that device asks for the code again. */
export async function forgetDevice(ctx: Ctx, rawId: unknown) {
  const id = parseId(rawId);
  await forgetDevices(ctx, id);
  return { message: "The device has been forgotten.", data: { id } };
}

/** DELETE auth/remembered-devices: every device asks for the code again. */
export async function forgetAllDevices(ctx: Ctx) {
  const count = await forgetDevices(ctx, null);
  return { message: "Your remembered devices have been forgotten.", data: { count } };
}

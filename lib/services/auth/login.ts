import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX } from "@/lib/domain/text-limits";
import { eq, lt } from "drizzle-orm";
import { schema } from "@/db";
import { readTicket, signTicket } from "@/lib/auth/secret";
import { loadActor, requireUser, type Ctx, type UserActor, withTx } from "../context";
import { UnauthenticatedError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";
import { TWO_FACTOR_REQUIRED, assertTotp, touchLastLogin, verifyCredentials } from "./credentials";
import {
  issueApiToken,
  issueRememberToken,
  rememberTokenValid,
  resolveApiToken,
  revokeApiToken,
  type IssuedToken,
} from "./tokens";
import { createUserSession, revokeSessionBySid, sessionExpiry } from "./sessions";

const email = requiredString("email")
  .trim()
  .min(1, "The email field is required.")
  .toLowerCase()
  .pipe(z.email({ error: "The email must be a valid email address." }).max(EMAIL_MAX));
const password = requiredString("password")
  .min(1, "The password field is required.")
  .max(PASSWORD_MAX);

export const loginInput = z.object({
  email,
  password,
  otp: z.string().max(12).optional().nullable(),
  rememberToken: z.string().max(200).optional().nullable(),
  rememberDevice: z.boolean().optional().default(false),
});

export interface AuthUserPayload {
  id: number;
  name: string;
  email: string;
  role: { id: number; title: string }[];
  rules: string[];
}

export const rulesOf = (actor: UserActor): string[] => [...actor.permissions].sort();

export function userPayload(actor: UserActor): AuthUserPayload {
  return {
    id: actor.userId,
    name: actor.name,
    email: actor.email,
    role: actor.roles.map((r) => ({ id: r.id, title: r.title })),
    rules: rulesOf(actor),
  };
}

/** POST /api/v2/auth/login: the response shape of DESIGN.md §6. */
export async function login(ctx: Ctx, raw: unknown) {
  const input = parseInput(loginInput, raw);
  const user = await verifyCredentials(ctx, input.email, input.password);
  let rememberToken: string | null = null;
  if (user.totpSecret) {
    const remembered = await rememberTokenValid(ctx.db, user.id, input.rememberToken, ctx.now);
    if (!remembered) {
      if (!input.otp) throw new UnauthenticatedError(TWO_FACTOR_REQUIRED, "two_factor_required");
      await assertTotp(ctx, { id: user.id, email: input.email }, user.totpSecret, input.otp);
      if (input.rememberDevice)
        rememberToken = await issueRememberToken(ctx.db, user.id, ctx.now, ctx.userAgent);
    } else {
      rememberToken = input.rememberToken ?? null;
    }
  }
  const actor = await loadActor(ctx.db, user.id);
  if (!actor) throw new UnauthenticatedError();
  const token = await withTx(ctx, async (ctx) => {
    const t = await issueApiToken(ctx.db, user.id, ctx.now, ctx.userAgent);
    await logActivity(
      { ...ctx, actor },
      {
        logName: "auth",
        description: "Signed in (API)",
        subjectType: "users",
        subjectId: user.id,
      },
    );
    return t;
  });
  await touchLastLogin(ctx.db, user.id, ctx.now);
  return { ...userPayload(actor), token, remember_token: rememberToken };
}

/** POST /api/v2/auth/logout: revokes the bearer token used for the call. */
export async function logout(ctx: Ctx, tokenId: number | null) {
  const actor = requireUser(ctx);
  await withTx(ctx, async (ctx) => {
    if (tokenId) await revokeApiToken(ctx.db, tokenId, ctx.now);
    await logActivity(ctx, {
      logName: "auth",
      description: "Signed out",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  return { message: "You are signed out" };
}

export const refreshInput = z.object({ fetchUser: z.boolean().optional().default(false) });

/** POST /api/v2/auth/refresh: a fresh token for the one used; the old one stops working. */
export async function refresh(ctx: Ctx, tokenId: number | null, raw: unknown) {
  const actor = requireUser(ctx);
  const input = parseInput(refreshInput, raw ?? {});
  const token: IssuedToken = await withTx(ctx, async (ctx) => {
    if (tokenId) await revokeApiToken(ctx.db, tokenId, ctx.now);
    const t = await issueApiToken(ctx.db, actor.userId, ctx.now, ctx.userAgent);
    await logActivity(ctx, {
      logName: "auth",
      description: "Refreshed API token",
      subjectType: "users",
      subjectId: actor.userId,
    });
    return t;
  });
  return input.fetchUser ? { ...userPayload(actor), token } : { token };
}

export function rules(ctx: Ctx): string[] {
  return rulesOf(requireUser(ctx));
}

export { resolveApiToken };

// ---- Browser sign-in (next-auth credentials provider) --------------------------------------
// The password step and the code step are two requests; a short-lived signed ticket carries
// the finished step. Only a "done" ticket opens a session (redeemTicket, in authorize()).

const TICKET_SECONDS = 300;

export const browserSignInInput = z.object({
  email,
  password,
  rememberToken: z.string().max(200).optional().nullable(),
});

export type BrowserSignInResult =
  { stage: "done"; ticket: string } | { stage: "two_factor"; ticket: string };

export async function beginBrowserSignIn(ctx: Ctx, raw: unknown): Promise<BrowserSignInResult> {
  const input = parseInput(browserSignInInput, raw);
  const user = await verifyCredentials(ctx, input.email, input.password);
  if (
    user.totpSecret &&
    !(await rememberTokenValid(ctx.db, user.id, input.rememberToken, ctx.now))
  ) {
    return {
      stage: "two_factor",
      ticket: signTicket(
        { uid: user.id, email: input.email, stage: "2fa" },
        TICKET_SECONDS,
        ctx.now,
      ),
    };
  }
  return { stage: "done", ticket: signTicket({ uid: user.id, stage: "done" }, 60, ctx.now) };
}

export const twoFactorInput = z.object({
  ticket: z.string().min(1).max(2000),
  otp: requiredString("otp")
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code."),
  rememberDevice: z.boolean().optional().default(false),
});

export async function completeTwoFactor(ctx: Ctx, raw: unknown) {
  const input = parseInput(twoFactorInput, raw);
  const t = readTicket<{ uid: number; email: string; stage: string }>(input.ticket, ctx.now);
  if (!t || t.stage !== "2fa") {
    throw new UnauthenticatedError(
      "Your sign-in has expired. Please sign in again.",
      "ticket_expired",
    );
  }
  const [secret] = await ctx.db
    .select({ secret: schema.totpSecrets.secret, enabledAt: schema.totpSecrets.enabledAt })
    .from(schema.totpSecrets)
    .where(eq(schema.totpSecrets.userId, t.uid))
    .limit(1);
  if (!secret?.enabledAt) {
    return { ticket: signTicket({ uid: t.uid, stage: "done" }, 60, ctx.now), rememberToken: null };
  }
  await assertTotp(ctx, { id: t.uid, email: t.email }, secret.secret, input.otp);
  const rememberToken = input.rememberDevice
    ? await issueRememberToken(ctx.db, t.uid, ctx.now, ctx.userAgent)
    : null;
  return { ticket: signTicket({ uid: t.uid, stage: "done" }, 60, ctx.now), rememberToken };
}

/** Turns a "done" ticket into a new browser session (next-auth authorize): its row and sid. */
export async function redeemTicket(
  ctx: Ctx,
  ticket: unknown,
  device: { userAgent?: string | null } = {},
): Promise<{ actor: UserActor; sid: string } | null> {
  if (typeof ticket !== "string") return null;
  const t = readTicket<{ uid: number; stage: string; jti: string; exp: number }>(ticket, ctx.now);
  if (!t || t.stage !== "done" || typeof t.uid !== "number" || typeof t.jti !== "string")
    return null;
  // Single use: the first redemption inserts the jti; any other (even a parallel one) finds it
  // taken and opens no second session.
  const redeemed = await ctx.db
    .insert(schema.redeemedTickets)
    .values({ jti: t.jti, expiresAt: new Date(t.exp * 1000), createdAt: ctx.now })
    .onConflictDoNothing()
    .returning({ jti: schema.redeemedTickets.jti });
  if (!redeemed.length) return null;
  // Tickets live a minute; a jti past its expiry can never be presented again.
  await ctx.db.delete(schema.redeemedTickets).where(lt(schema.redeemedTickets.expiresAt, ctx.now));
  const actor = await loadActor(ctx.db, t.uid);
  if (!actor) return null;
  const { sid } = await withTx(ctx, async (ctx) => {
    const session = await createUserSession(
      ctx.db,
      {
        userId: actor.userId,
        userAgent: device.userAgent ?? ctx.userAgent,
        ip: ctx.ip,
        expiresAt: sessionExpiry(ctx.now),
      },
      ctx.now,
    );
    await logActivity(
      { ...ctx, actor },
      { logName: "auth", description: "Signed in", subjectType: "users", subjectId: actor.userId },
    );
    return session;
  });
  await touchLastLogin(ctx.db, actor.userId, ctx.now);
  return { actor, sid };
}

/** Browser sign-out: the session row ends, so the JWT no longer opens anything. */
export async function endBrowserSession(ctx: Ctx, sid: unknown): Promise<void> {
  if (typeof sid !== "string") return;
  await withTx(ctx, async (ctx) => {
    const userId = await revokeSessionBySid(ctx.db, sid, ctx.now);
    if (userId === null) return;
    await logActivity(ctx, {
      logName: "auth",
      description: "Signed out",
      subjectType: "users",
      subjectId: userId,
    });
  });
}

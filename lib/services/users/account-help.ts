import { eq } from "drizzle-orm";
import { schema } from "@/db";
import type { ManageAction } from "@/lib/domain/manage";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { OFFICE_LINK_HOURS, sendPasswordLink } from "../account/password-reset";
import { switchOffTotp } from "../auth/otp";
import { endUserSessions } from "../auth/sessions";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError } from "../errors";
import { lockManagedUser } from "./status";

/**
 * The office helping a locked-out user (issue 23), from the user's profile: a link to choose
 * a new password, two-factor login off (a lost phone), every session ended (a shared laptop).
 * Each is a user_create verb under the rule of who may manage whom, logged, and told to the
 * user by e-mail, so a change made to an account never goes unnoticed by its owner. One's own
 * account is helped from one's Security tab instead (409).
 */
export const PASSWORD_LINK_SENT = "A link to choose a new password was sent.";
export const TWO_FACTOR_TURNED_OFF = "Two-factor login was turned off.";
export const SIGNED_OUT = "The user was signed out everywhere.";

async function helpedUser(ctx: TxCtx, rawId: unknown, action: ManageAction) {
  const { actor, user } = await lockManagedUser(ctx, rawId, action);
  if (user.id === actor.userId)
    throw new ConflictError("Use the Security tab of your own profile for this.", "self");
  const [row] = await ctx.db
    .select({
      email: schema.users.email,
      firstName: schema.users.firstName,
      status: schema.users.status,
    })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  return { ...user, ...row };
}

const hi = (u: { firstName: string | null; name: string }) =>
  `Hi ${u.firstName?.trim() || u.name.split(" ")[0]},`;

/** POST users/{id}/password-link: a single-use link valid for OFFICE_LINK_HOURS. */
export async function sendPasswordLinkTo(ctx: Ctx, rawId: unknown) {
  requirePermission(ctx, "user_create");
  return withTx(ctx, async (ctx) => {
    const user = await helpedUser(ctx, rawId, "send a password link to");
    if (user.status !== "active")
      throw new ConflictError(
        "This account is deactivated: activate it first, then send the link.",
        "deactivated",
      );
    await sendPasswordLink(
      ctx,
      user,
      "The agency sent you this link to choose a new password for Crewdeck.",
      OFFICE_LINK_HOURS * 60,
    );
    await logActivity(ctx, {
      logName: "users",
      description: "Password link sent by the office",
      subjectType: "users",
      subjectId: user.id,
      properties: { name: user.name },
    });
    return { id: user.id, message: PASSWORD_LINK_SENT };
  });
}

/** POST users/{id}/two-factor/disable: the user signs in with its password alone again. */
export async function turnOffTwoFactorOf(ctx: Ctx, rawId: unknown) {
  requirePermission(ctx, "user_create");
  return withTx(ctx, async (ctx) => {
    const user = await helpedUser(ctx, rawId, "turn off two-factor login for");
    await switchOffTotp(ctx.db, user.id, ctx.now);
    await queueMail(
      ctx.db,
      {
        to: user.email,
        template: "two_factor_off",
        subject: "Two-factor login was turned off on your Crewdeck account",
        text: [
          hi(user),
          "",
          "The agency turned off two-factor login on your Crewdeck account: you sign in with your password alone now.",
          "Turn it on again from the Security tab of your profile, with your authenticator app.",
          "If you did not ask for this, tell the agency at once.",
        ].join("\n"),
      },
      ctx.now,
    );
    await logActivity(ctx, {
      logName: "users",
      description: "Two-factor login turned off by the office",
      subjectType: "users",
      subjectId: user.id,
      properties: { name: user.name },
    });
    return { id: user.id, message: TWO_FACTOR_TURNED_OFF };
  });
}

/**
 * POST users/{id}/end-sessions: every browser session, API token and remembered device of a
 * user ends (a lost phone, a shared laptop) without deactivating the account; the user signs
 * in again with its password.
 */
export async function endSessionsOf(ctx: Ctx, rawId: unknown) {
  requirePermission(ctx, "user_create");
  return withTx(ctx, async (ctx) => {
    const user = await helpedUser(ctx, rawId, "sign out");
    const ended = await endUserSessions(ctx.db, user.id, ctx.now, { forgetDevices: true });
    await queueMail(
      ctx.db,
      {
        to: user.email,
        template: "signed_out",
        subject: "You were signed out of Crewdeck",
        text: [
          hi(user),
          "",
          "The agency signed you out of Crewdeck on every device and app. Sign in again with your password.",
          "If you did not ask for this, tell the agency.",
        ].join("\n"),
      },
      ctx.now,
    );
    await logActivity(ctx, {
      logName: "users",
      description: "Signed out everywhere by the office",
      subjectType: "users",
      subjectId: user.id,
      properties: { name: user.name, ...ended },
    });
    return { id: user.id, ended, message: SIGNED_OUT };
  });
}

import { and, desc, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import { schema, type Tx } from "@/db";
import { randomToken, sha256 } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ValidationError } from "../errors";
import { endUserSessions } from "../auth/sessions";
import { sendPasswordLink } from "./password-reset";

/**
 * Changing a sign-in address (issue 21). A new address takes effect only once its owner opens
 * the link mailed to it, so a typo or a stranger's address never locks anyone out; until then
 * the old address signs in. The old address is told at once, with a link to report a change
 * it did not ask for: that cancels the change (or undoes it), signs everyone out and mails a
 * link to choose a new password — the way back from a takeover. The same for a change made by
 * the office (the rule of who may manage whom decides whether it may).
 *
 * One table, email_verifications: a row with `new_email` is a change, one without is a
 * registration's check of the address signed up with; both are confirmed by the one link
 * /email/verify/{token} (lib/services/account/verify-email.ts).
 */
export const EMAIL_CHANGE_HOURS = 48;
export const REPORT_LINK_DAYS = 30;

export const EMAIL_TAKEN = "The email has already been taken.";
export const REPORT_LINK_INVALID = "This link is invalid, has expired or was already used.";
export const EMAIL_CHANGE_CANCELLED = "The e-mail change was cancelled.";

export const changeRequested = (to: string, from: string, self: boolean) =>
  `We sent a link to ${to} to confirm the new address. Until it is opened, ${self ? "you sign" : "they sign"} in with ${from}.`;

const hi = (u: { firstName: string | null; name: string }) =>
  `Hi ${u.firstName?.trim() || u.name.split(" ")[0]},`;

/**
 * Starts a change of `user`'s address to `newEmail`, inside the caller's transaction (the
 * profile update, which has locked the user row). An earlier pending change is replaced.
 */
export async function requestEmailChange(
  ctx: TxCtx,
  user: { id: number; email: string; firstName: string | null; name: string },
  newEmail: string,
  byOffice: boolean,
): Promise<{ pending_email: string; message: string }> {
  const [taken] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, newEmail), ne(schema.users.id, user.id)));
  if (taken) throw new ValidationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }, "email_taken");
  await expirePendingChanges(ctx.db, user.id, ctx.now);
  const token = randomToken(32);
  const reportToken = randomToken(32);
  await ctx.db.insert(schema.emailVerifications).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now.getTime() + EMAIL_CHANGE_HOURS * 3_600_000),
    newEmail,
    oldEmail: user.email,
    reportTokenHash: sha256(reportToken),
    createdAt: ctx.now,
  });
  await queueMail(
    ctx.db,
    {
      to: newEmail,
      template: "email_change_confirm",
      subject: "Confirm your new e-mail address for Crewdeck",
      text: [
        hi(user),
        "",
        byOffice
          ? "The agency changed the e-mail address of your Crewdeck account to this one."
          : "You asked to sign in to Crewdeck with this e-mail address from now on.",
        `Confirm it here: ${env.APP_URL}/email/verify/${token}`,
        "",
        `The link works once and for ${EMAIL_CHANGE_HOURS} hours. Until you open it, the account keeps ${user.email}.`,
        "If you do not know what this is about, ignore this e-mail: nothing changes.",
      ].join("\n"),
    },
    ctx.now,
  );
  await queueMail(
    ctx.db,
    {
      to: user.email,
      template: "email_change_notice",
      subject: "Your Crewdeck e-mail address is being changed",
      text: [
        hi(user),
        "",
        `${byOffice ? "The agency" : "Someone signed in to your account"} asked to change its e-mail address from ${user.email} to ${newEmail}.`,
        "The change takes effect once the new address is confirmed.",
        "",
        "Was this not you, or not wanted? Report it here:",
        `${env.APP_URL}/email/report/${reportToken}`,
        "Reporting cancels the change (or undoes it), signs everyone out of the account and sends you a link to choose a new password.",
        `The link works for ${REPORT_LINK_DAYS} days.`,
      ].join("\n"),
    },
    ctx.now,
  );
  await logActivity(ctx, {
    logName: "users",
    description: "E-mail change requested",
    subjectType: "users",
    subjectId: user.id,
    properties: { from: user.email, to: newEmail, by_office: byOffice },
  });
  return {
    pending_email: newEmail,
    message: changeRequested(newEmail, user.email, !byOffice),
  };
}

/** A user's changes of address still waiting for confirmation. */
const pendingOf = (userId: number, now: Date) =>
  and(
    eq(schema.emailVerifications.userId, userId),
    isNotNull(schema.emailVerifications.newEmail),
    isNull(schema.emailVerifications.verifiedAt),
    gt(schema.emailVerifications.expiresAt, now),
  );

/** Pending changes of a user stop working (a newer one, a cancel, a report). */
async function expirePendingChanges(db: Tx, userId: number, now: Date) {
  await db.update(schema.emailVerifications).set({ expiresAt: now }).where(pendingOf(userId, now));
}

/** The address a user's pending change waits to confirm, and since when; null without one. */
export async function pendingEmailChange(
  db: Tx | Ctx["db"],
  userId: number,
  now: Date,
): Promise<{ email: string; requested_at: string } | null> {
  const [row] = await db
    .select({
      email: schema.emailVerifications.newEmail,
      createdAt: schema.emailVerifications.createdAt,
    })
    .from(schema.emailVerifications)
    .where(pendingOf(userId, now))
    .orderBy(desc(schema.emailVerifications.id))
    .limit(1);
  return row?.email ? { email: row.email, requested_at: row.createdAt.toISOString() } : null;
}

/**
 * Cancels `userId`'s pending change, inside the caller's transaction (the caller has decided
 * who may: oneself, or the office under the rule of who may manage whom).
 */
export async function cancelPendingEmailChange(ctx: TxCtx, userId: number) {
  const pending = await pendingEmailChange(ctx.db, userId, ctx.now);
  if (!pending) throw new ConflictError("There is no e-mail change waiting.", "nothing_pending");
  await expirePendingChanges(ctx.db, userId, ctx.now);
  await logActivity(ctx, {
    logName: "users",
    description: "E-mail change cancelled",
    subjectType: "users",
    subjectId: userId,
    properties: { to: pending.email },
  });
  return { message: EMAIL_CHANGE_CANCELLED };
}

/**
 * Applies a confirmed change (its token already spent under the caller's row lock): the
 * address becomes the user's sign-in, unless another account took it meanwhile (409).
 */
export async function applyEmailChange(
  ctx: TxCtx,
  row: { userId: number; newEmail: string; oldEmail: string | null },
) {
  const [taken] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, row.newEmail), ne(schema.users.id, row.userId)));
  if (taken)
    throw new ConflictError(
      "Another account uses this address now, so it cannot become yours. Ask for a new change.",
      "email_taken",
    );
  await ctx.db
    .update(schema.users)
    .set({ email: row.newEmail, emailVerifiedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(schema.users.id, row.userId));
  await logActivity(ctx, {
    logName: "users",
    description: "E-mail changed",
    subjectType: "users",
    subjectId: row.userId,
    properties: { from: row.oldEmail, to: row.newEmail },
  });
}

export const reportedMessage = (email: string) =>
  `Thank you. The change is cancelled, everyone is signed out of the account, and we sent a link to choose a new password to ${email}.`;

/**
 * POST email/report: the old address reports a change it did not want. A pending change is
 * cancelled; a confirmed one is undone (the old address back, when no other account took it).
 * Either way every session, token and remembered device ends and a link to choose a new
 * password goes to the old address. Works once per link, for REPORT_LINK_DAYS.
 */
export async function reportEmailChange(ctx: Ctx, token: unknown) {
  if (typeof token !== "string" || !token || token.length > 200)
    throw new ValidationError(
      REPORT_LINK_INVALID,
      { token: [REPORT_LINK_INVALID] },
      "invalid_token",
    );
  return withTx(ctx, async (ctx) => {
    const since = new Date(ctx.now.getTime() - REPORT_LINK_DAYS * 86_400_000);
    const [row] = await ctx.db
      .select()
      .from(schema.emailVerifications)
      .where(
        and(
          eq(schema.emailVerifications.reportTokenHash, sha256(token)),
          isNull(schema.emailVerifications.reportedAt),
          gt(schema.emailVerifications.createdAt, since),
        ),
      )
      .for("update");
    if (!row?.oldEmail)
      throw new ValidationError(
        REPORT_LINK_INVALID,
        { token: [REPORT_LINK_INVALID] },
        "invalid_token",
      );
    // The user first (the lock order), then this change's row again under it.
    const [user] = await ctx.db
      .select({
        id: schema.users.id,
        email: schema.users.email,
        firstName: schema.users.firstName,
        name: schema.users.name,
      })
      .from(schema.users)
      .where(and(eq(schema.users.id, row.userId), isNull(schema.users.deletedAt)))
      .for("update");
    if (!user)
      throw new ValidationError(
        REPORT_LINK_INVALID,
        { token: [REPORT_LINK_INVALID] },
        "invalid_token",
      );
    await ctx.db
      .update(schema.emailVerifications)
      .set({ reportedAt: ctx.now, expiresAt: ctx.now })
      .where(eq(schema.emailVerifications.id, row.id));
    let restored = false;
    if (row.verifiedAt && user.email === row.newEmail) {
      const [taken] = await ctx.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(and(eq(schema.users.email, row.oldEmail), ne(schema.users.id, user.id)));
      if (!taken) {
        await ctx.db
          .update(schema.users)
          .set({ email: row.oldEmail, updatedAt: ctx.now })
          .where(eq(schema.users.id, user.id));
        restored = true;
      }
    }
    await expirePendingChanges(ctx.db, user.id, ctx.now);
    const ended = await endUserSessions(ctx.db, user.id, ctx.now, { forgetDevices: true });
    await sendPasswordLink(
      ctx,
      { id: user.id, email: row.oldEmail, firstName: user.firstName, name: user.name },
      "Everyone has been signed out of your Crewdeck account.",
    );
    await logActivity(ctx, {
      logName: "users",
      description: "E-mail change reported",
      subjectType: "users",
      subjectId: user.id,
      properties: {
        from: row.oldEmail,
        to: row.newEmail,
        undone: restored,
        ended_sessions: ended.sessions,
        revoked_tokens: ended.tokens,
      },
    });
    return { message: reportedMessage(row.oldEmail) };
  });
}

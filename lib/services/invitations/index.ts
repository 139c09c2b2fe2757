import { z } from "zod";
import { EMAIL_MAX } from "@/lib/domain/text-limits";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { schema } from "@/db";
import { queueMail } from "@/lib/mail";
import { env } from "@/lib/env";
import { requirePermission, requireUser, type Ctx, withTx } from "../context";
import { TooManyRequestsError, ValidationError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { logActivity } from "../activity";

export const INVITES_PER_DAY = 20;

export const inviteInput = z.object({
  email: requiredString("email")
    .trim()
    .min(1, "The email field is required.")
    .toLowerCase()
    .pipe(z.email({ error: "The email must be a valid email address." }).max(EMAIL_MAX)),
});

/**
 * "Invite a friend" (spec §2, §4): mails an invitation to sign up and records who invited
 * whom, so the referral is credited when the friend registers.
 */
export async function sendInviteMail(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "can_invite_workers");
  const actor = requireUser(ctx);
  const { email } = parseInput(inviteInput, raw);

  const [existing] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (existing) {
    throw new ValidationError(
      "This person already has a Crewdeck account.",
      {
        email: ["This person already has a Crewdeck account."],
      },
      "already_registered",
    );
  }
  return withTx(ctx, async (ctx) => {
    // The inviter's row locked first: two invitations at once (on one app instance or two)
    // are counted one after the other, so the daily limit holds across instances.
    await ctx.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.id, actor.userId))
      .for("no key update");
    const dayAgo = new Date(ctx.now.getTime() - 86_400_000);
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(schema.invitations)
      .where(
        and(
          eq(schema.invitations.invitedById, actor.userId),
          gt(schema.invitations.createdAt, dayAgo),
        ),
      );
    if (Number(n) >= INVITES_PER_DAY) {
      throw new TooManyRequestsError(
        `You can send at most ${INVITES_PER_DAY} invitations a day.`,
        3600,
      );
    }
    const [invitation] = await ctx.db
      .insert(schema.invitations)
      .values({ email, invitedById: actor.userId, createdAt: ctx.now })
      .returning({ id: schema.invitations.id });
    const signUp = `${env.APP_URL}/sign-up?invitedBy=${actor.userId}&email=${encodeURIComponent(email)}`;
    await queueMail(
      ctx.db,
      {
        to: email,
        template: "invite_friend",
        subject: `${actor.name} invites you to work shifts through Crewdeck`,
        text: [
          "Hi,",
          "",
          `${actor.name} works shifts through Crewdeck and thinks you would be good at it too.`,
          "Crewdeck is where our agency posts jobs at events, venues and festivals: you pick the",
          "shifts that suit you, check in on site from your phone, report your hours and get paid.",
          "",
          `Create your account here: ${signUp}`,
          "",
          "If you were not expecting this e-mail you can ignore it.",
        ].join("\n"),
      },
      ctx.now,
    );
    await logActivity(ctx, {
      logName: "invitations",
      description: `Invited ${email}`,
      subjectType: "invitations",
      subjectId: invitation.id,
      properties: { email },
    });
    return { id: invitation.id, email, message: "Invite send successfully" };
  });
}

/** How many people the user has invited, and how many of them signed up. */
export async function referralCounts(ctx: Ctx, userId: number) {
  const [row] = await ctx.db
    .select({
      invited: count(),
      joined: sql<number>`count(${schema.invitations.acceptedUserId})::int`,
    })
    .from(schema.invitations)
    .where(eq(schema.invitations.invitedById, userId));
  return { invited: Number(row?.invited ?? 0), joined: Number(row?.joined ?? 0) };
}

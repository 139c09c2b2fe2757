import { and, eq, gt, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { sha256 } from "@/lib/auth/secret";
import { type Ctx, withTx } from "../context";
import { ValidationError } from "../errors";
import { logActivity } from "../activity";
import { applyEmailChange } from "./email-change";

export const VERIFY_LINK_INVALID =
  "This confirmation link is invalid, has expired or was already used.";

const invalid = () =>
  new ValidationError(VERIFY_LINK_INVALID, { token: [VERIFY_LINK_INVALID] }, "invalid_token");

/**
 * Confirms an address: a registration's (the address signed up with) or a change's (the new
 * address becomes the sign-in, lib/services/account/email-change.ts). The token works once,
 * within its time: read under its row lock and spent in the same transaction, so two clicks
 * at once confirm once.
 */
export async function verifyEmail(
  ctx: Ctx,
  token: unknown,
): Promise<{ userId: number; changedTo: string | null }> {
  if (typeof token !== "string" || !token || token.length > 200) throw invalid();
  return withTx(ctx, async (ctx) => {
    const live = and(
      eq(schema.emailVerifications.tokenHash, sha256(token)),
      isNull(schema.emailVerifications.verifiedAt),
      gt(schema.emailVerifications.expiresAt, ctx.now),
    );
    const [found] = await ctx.db
      .select({ userId: schema.emailVerifications.userId })
      .from(schema.emailVerifications)
      .where(live);
    if (!found) throw invalid();
    // The user first (the lock order), then the link again under it.
    const [user] = await ctx.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.id, found.userId), isNull(schema.users.deletedAt)))
      .for("update");
    const [row] = user
      ? await ctx.db.select().from(schema.emailVerifications).where(live).for("update")
      : [];
    if (!row) throw invalid();
    await ctx.db
      .update(schema.emailVerifications)
      .set({ verifiedAt: ctx.now })
      .where(eq(schema.emailVerifications.id, row.id));
    if (row.newEmail) {
      await applyEmailChange(ctx, {
        userId: row.userId,
        newEmail: row.newEmail,
        oldEmail: row.oldEmail,
      });
      return { userId: row.userId, changedTo: row.newEmail };
    }
    await ctx.db
      .update(schema.users)
      .set({ emailVerifiedAt: ctx.now })
      .where(and(eq(schema.users.id, row.userId), isNull(schema.users.emailVerifiedAt)));
    await logActivity(ctx, {
      logName: "users",
      description: "E-mail address verified",
      subjectType: "users",
      subjectId: row.userId,
    });
    return { userId: row.userId, changedTo: null };
  });
}

import { and, eq, gt, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { sha256 } from "@/lib/auth/secret";
import { type Ctx, withTx } from "../context";
import { ValidationError } from "../errors";
import { logActivity } from "../activity";

export const VERIFY_LINK_INVALID =
  "This confirmation link is invalid, has expired or was already used.";

/**
 * Confirms a registration's e-mail address: the token works once (the UPDATE that spends it
 * is the check, so two clicks at once confirm once) and only within its 48 hours.
 */
export async function verifyEmail(ctx: Ctx, token: unknown): Promise<{ userId: number }> {
  if (typeof token !== "string" || !token || token.length > 200) {
    throw new ValidationError(
      VERIFY_LINK_INVALID,
      { token: [VERIFY_LINK_INVALID] },
      "invalid_token",
    );
  }
  return withTx(ctx, async (ctx) => {
    const [spent] = await ctx.db
      .update(schema.emailVerifications)
      .set({ verifiedAt: ctx.now })
      .where(
        and(
          eq(schema.emailVerifications.tokenHash, sha256(token)),
          isNull(schema.emailVerifications.verifiedAt),
          gt(schema.emailVerifications.expiresAt, ctx.now),
        ),
      )
      .returning({ userId: schema.emailVerifications.userId });
    if (!spent) {
      throw new ValidationError(
        VERIFY_LINK_INVALID,
        { token: [VERIFY_LINK_INVALID] },
        "invalid_token",
      );
    }
    await ctx.db
      .update(schema.users)
      .set({ emailVerifiedAt: ctx.now })
      .where(and(eq(schema.users.id, spent.userId), isNull(schema.users.emailVerifiedAt)));
    await logActivity(ctx, {
      logName: "users",
      description: "E-mail address verified",
      subjectType: "users",
      subjectId: spent.userId,
    });
    return { userId: spent.userId };
  });
}

import { and, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";

/**
 * Ends everything a user signs in with: its API tokens, its browser sessions and its
 * remembered devices, at once. Deactivating and deleting a user call this in their
 * transaction. (The join helper's `endUserSessions(tx, userId, now)` in
 * lib/services/auth/sessions.ts does the same for password changes; at merge this body can
 * become a call to it.) The actor loader already refuses a deactivated or archived user, so a
 * cookie or token that is still in flight stops working even before it is revoked here.
 */
export async function endUserAccess(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(schema.apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(schema.apiTokens.userId, userId), isNull(schema.apiTokens.revokedAt)));
  await tx
    .update(schema.userSessions)
    .set({ revokedAt: now })
    .where(and(eq(schema.userSessions.userId, userId), isNull(schema.userSessions.revokedAt)));
  await tx.delete(schema.rememberTokens).where(eq(schema.rememberTokens.userId, userId));
}

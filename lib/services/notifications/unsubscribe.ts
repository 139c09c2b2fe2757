import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { mergeNotificationPrefs, NOTIFICATION_PREFS } from "@/lib/domain/notification-prefs";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { BadRequestError } from "../errors";
import { readUnsubscribeToken } from "./token";

export const BAD_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. You can turn e-mails off in your profile settings.";

export interface UnsubscribeView {
  category: string;
  label: string;
  /** Whether the category is on now (false once turned off). */
  on: boolean;
}

async function ownerOf(ctx: Ctx | TxCtx, token: unknown, lock: boolean) {
  const t = readUnsubscribeToken(token);
  if (!t) throw new BadRequestError(BAD_UNSUBSCRIBE_LINK, "invalid_token");
  const q = ctx.db
    .select({ id: schema.users.id, name: schema.users.name, prefs: schema.users.notificationPrefs })
    .from(schema.users)
    .where(and(eq(schema.users.id, t.userId), isNull(schema.users.deletedAt)));
  const [user] = lock ? await q.for("update") : await q;
  if (!user) throw new BadRequestError(BAD_UNSUBSCRIBE_LINK, "invalid_token");
  const pref = NOTIFICATION_PREFS.find((p) => p.key === t.category)!;
  return { user, pref };
}

/** The /unsubscribe page: which e-mails the link turns off. Reading changes nothing. */
export async function unsubscribeInfo(ctx: Ctx, token: unknown): Promise<UnsubscribeView> {
  const { user, pref } = await ownerOf(ctx, token, false);
  return {
    category: pref.key,
    label: pref.label,
    on: mergeNotificationPrefs(user.prefs, {})[pref.key],
  };
}

/**
 * Turns the link's category off for its user (no sign-in: the signed token is the credential;
 * RFC 8058 one-click POST and the page's button). Again on an already-off category: no change.
 */
export async function unsubscribe(
  ctx: Ctx,
  token: unknown,
): Promise<UnsubscribeView & { message: string }> {
  return withTx(ctx, async (ctx) => {
    const { user, pref } = await ownerOf(ctx, token, true);
    const message = `You will no longer get "${pref.label}" e-mails. You can turn them on again in your profile settings.`;
    if (!mergeNotificationPrefs(user.prefs, {})[pref.key])
      return { category: pref.key, label: pref.label, on: false, message };
    await ctx.db
      .update(schema.users)
      .set({ notificationPrefs: mergeNotificationPrefs(user.prefs, { [pref.key]: false }) })
      .where(eq(schema.users.id, user.id));
    await logActivity(ctx, {
      logName: "users",
      description: `${user.name} turned off "${pref.label}" e-mails from an unsubscribe link`,
      subjectType: "users",
      subjectId: user.id,
      properties: { notification_prefs: { [pref.key]: false } },
    });
    return { category: pref.key, label: pref.label, on: false, message };
  });
}

import { count, desc, eq } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { NOTIFICATION_PREFS } from "@/lib/domain/notification-prefs";
import type { Ctx } from "../context";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { profileAccess } from "../users/access";
import { parseInput } from "../validate";
import { viewerTimeZone } from "../viewer-zone";

export const userMessagesInput = pageInput(10);

/** One e-mail as the office sees it on a profile: never its body. */
export interface SentMessage {
  id: number;
  created_at: string;
  sent_at: string | null;
  subject: string;
  /** The notification category's key and plain label; null for account mail (sign-up, reset). */
  category: string | null;
  category_label: string | null;
  status: "queued" | "sent" | "failed";
}

/** A chat digest's subject names who wrote to the user: the office sees only that one went. */
const PRIVATE_SUBJECT: Record<string, string> = { chat_digest: "Unread chat messages" };

/**
 * GET users/{id}/messages [view_user_activity]: the e-mails sent to a user, newest first, 10 a
 * page: time, subject, category, status. Scoped like the profile's Activity tab (404 outside
 * it). Bodies are never read; a chat digest's subject is replaced by its category, so no
 * private chat leaks through the list.
 */
export async function listUserMessages(
  ctx: Ctx,
  rawUserId: unknown,
  raw: unknown,
): Promise<Page<SentMessage> & { time_zone: string }> {
  const { subject } = await profileAccess(ctx, rawUserId, { tab: "user-activities" });
  const { page, perPage } = parseInput(userMessagesInput, raw ?? {});
  const o = schema.mailOutbox;
  const where = eq(o.userId, subject.id);
  const [[{ total }], rows, timeZone] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(o).where(where),
    () =>
      ctx.db
        .select({
          id: o.id,
          createdAt: o.createdAt,
          sentAt: o.sentAt,
          subject: o.subject,
          category: o.category,
          status: o.status,
        })
        .from(o)
        .where(where)
        .orderBy(desc(o.id))
        .limit(perPage)
        .offset(offsetOf(page, perPage)),
    () => viewerTimeZone(ctx),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
      subject: (r.category && PRIVATE_SUBJECT[r.category]) ?? r.subject,
      category: r.category,
      category_label: NOTIFICATION_PREFS.find((p) => p.key === r.category)?.label ?? null,
      status: r.status,
    })),
    meta: pageMeta(page, perPage, Number(total)),
    time_zone: timeZone,
  };
}

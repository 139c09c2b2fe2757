import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import {
  NOTIFICATION_PREFS,
  resolveNotificationPrefs,
  type NotificationPrefKey,
} from "@/lib/domain/notification-prefs";
import { env } from "@/lib/env";
import { queueMail, type MailAttachment } from "@/lib/mail";
import type { AgencyBranding } from "../settings";
import { unsubscribeToken } from "./token";

/** One e-mail to one user about one event (issue 26 "Notifications"). */
export interface Notice {
  userId: number;
  /** The preference that turns it off; its unsubscribe link turns exactly this off. */
  category: NotificationPrefKey;
  /** The event: a second notice with the same key is not sent (mail_outbox.idempotency_key). */
  key: string;
  /** The outbox template name (the office's Messages list shows the category). */
  template: string;
  subject: string;
  /** Plain sentences, one paragraph each, after "Hi <name>,". */
  paragraphs: string[];
  /** Label and value rows (when, where, dress code). */
  details?: [string, string][];
  /** The one thing to do next: a link into Crewdeck. */
  link?: { label: string; path: string };
  attachments?: MailAttachment[];
  /**
   * The user as the caller read it in this transaction (a booking's mail reads its worker with
   * the shift): the notice then reads nothing more.
   */
  recipient?: Recipient;
  /** The agency's branding, read by the caller with its facts (see OutgoingMail.branding). */
  branding?: AgencyBranding;
}

/** Who a notice goes to, and whether it may: the columns `notifyUser` reads. */
export interface Recipient {
  email: string;
  name: string;
  prefs: Record<string, unknown> | null;
  status: string;
  deletedAt: Date | null;
}

export const recipientColumns = {
  email: schema.users.email,
  name: schema.users.name,
  prefs: schema.users.notificationPrefs,
  status: schema.users.status,
  deletedAt: schema.users.deletedAt,
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const appUrl = (path: string) => `${env.APP_URL}${path}`;

/** Where a user turns a category off with one click (the page asks before it changes anything). */
export const unsubscribeUrl = (userId: number, category: NotificationPrefKey) =>
  appUrl(`/unsubscribe?token=${unsubscribeToken(userId, category)}`);

/** The RFC 8058 one-click address: a POST there turns the category off at once. */
export const oneClickUrl = (userId: number, category: NotificationPrefKey) =>
  appUrl(`/api/v2/unsubscribe?token=${unsubscribeToken(userId, category)}`);

/**
 * Queues `n` in the caller's transaction (sent only if the change is committed), unless the
 * user turned its category off, is deactivated or deleted, or the same event was mailed
 * already. Answers the outbox id, or null when nothing was queued.
 */
export async function notifyUser(tx: DbOrTx, n: Notice, now: Date): Promise<number | null> {
  const [user]: (Recipient | undefined)[] = n.recipient
    ? [n.recipient]
    : await tx.select(recipientColumns).from(schema.users).where(eq(schema.users.id, n.userId));
  if (!user || user.deletedAt || user.status !== "active") return null;
  if (!resolveNotificationPrefs(user.prefs)[n.category]) return null;

  const label = NOTIFICATION_PREFS.find((p) => p.key === n.category)!.label;
  const unsubscribe = unsubscribeUrl(n.userId, n.category);
  const link = n.link ? { label: n.link.label, url: appUrl(n.link.path) } : null;
  const text = [
    `Hi ${user.name},`,
    ...n.paragraphs,
    ...(n.details?.length ? [n.details.map(([k, v]) => `${k}: ${v}`).join("\n")] : []),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    `You get this e-mail because "${label}" is on in your profile settings. Turn it off: ${unsubscribe}`,
  ].join("\n\n");
  const html = [
    `<p>Hi ${escapeHtml(user.name)},</p>`,
    ...n.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(n.details?.length
      ? [
          `<table style="border-collapse:collapse">${n.details
            .map(
              ([k, v]) =>
                `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</td><td style="padding:2px 0">${escapeHtml(v)}</td></tr>`,
            )
            .join("")}</table>`,
        ]
      : []),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p style="color:#555;font-size:13px">You get this e-mail because “${escapeHtml(label)}” is on in your profile settings. <a href="${escapeHtml(unsubscribe)}">Turn it off</a>.</p>`,
  ].join("\n");
  return queueMail(
    tx,
    {
      to: user.email,
      template: n.template,
      subject: n.subject,
      text,
      html,
      attachments: n.attachments,
      userId: n.userId,
      category: n.category,
      idempotencyKey: n.key,
      headers: {
        "List-Unsubscribe": `<${oneClickUrl(n.userId, n.category)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      branding: n.branding,
    },
    now,
  );
}

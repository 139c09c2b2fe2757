import "server-only";
import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import type { UserActor } from "@/lib/services/context";
import { countApplicants } from "@/lib/services/applicants";
import { approvalCounts } from "@/lib/services/approvals";
import { unreadCount } from "@/lib/services/chat";

/** Once per request: what waits in the approvals inbox (the menu badge and the /approvals tabs). */
export const inboxCounts = cache(async () => approvalCounts(await requestCtx()));

/** Once per request: how many applicants wait (the menu badge and the /applicants header). */
export const applicantsCount = cache(async () => countApplicants(await requestCtx()));

/** Once per request: the user's unread chat messages (the live badge's first count). */
export const chatUnreadCount = cache(async () => unreadCount(await requestCtx()));

type Badge = { text: string; label: string };

/** A counter must not take every page down with it; the failure is still logged. */
const quiet = <T>(what: string, load: Promise<T>) =>
  load.catch((err: unknown) => {
    console.error(`[layout] ${what} counter failed`, err);
    return null;
  });

/**
 * The counts beside Applicants and Approvals in the menu, for the holders of those screens
 * (one cheap query each, run side by side). Keyed by the menu item's href.
 */
export async function menuBadges(actor: UserActor): Promise<Record<string, Badge>> {
  const office = !actor.isClient;
  const [applicants, inbox] = await Promise.all([
    office && actor.permissions.has("can_view_applicants_list")
      ? quiet("applicants", applicantsCount())
      : null,
    actor.permissions.has("approval_access") ? quiet("approvals", inboxCounts()) : null,
  ]);
  const badges: Record<string, Badge> = {};
  if (applicants && applicants.count > 0)
    badges["/applicants"] = { text: String(applicants.count), label: "awaiting approval" };
  if (inbox && inbox.total > 0)
    badges["/approvals"] = { text: String(inbox.total), label: "waiting for approval" };
  return badges;
}

/**
 * The unread chat messages beside "Live chat", for those who may chat (0 included: the badge
 * is drawn by the client, which raises and clears it as messages come and are read).
 */
export async function liveChatUnread(actor: UserActor): Promise<number | null> {
  if (!actor.permissions.has("has_live_chat")) return null;
  return (await quiet("chat", chatUnreadCount()))?.count ?? 0;
}

import { Suspense } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { ArrowUp } from "lucide-react";
// Directly, not through the barrel: the layout is every page's, and the barrel would add the
// client components it re-exports (the data table…) to every first load.
import { Alert } from "@/components/ui/alert";
import { initials } from "@/components/ui/initials";
import { maintenanceNotice } from "@/lib/services/settings/agency";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { visibleNavigation } from "@/lib/auth/navigation";
import { env } from "@/lib/env";
import { AppShell } from "@/components/shell/app-shell";
import { shellIcons } from "@/components/shell/shell-icons";
import { UserMenuLinks } from "@/components/shell/user-menu-links";
import { InviteFriendModal } from "@/components/shell/invite-friend-modal";
import { LazyScrollTop } from "@/components/shell/scroll-top-lazy";
import { DeniedNotice } from "@/components/shell/denied-notice";
import { RealtimeProvider } from "@/components/realtime/use-realtime";
import { inviteFriend } from "./actions";
import { newJobsBadge } from "./my-dashboard/data";
import { liveChatUnread, menuBadges } from "./menu-badges";
import { UnreadChatBadge } from "./live-chat/unread-badge";

export const dynamic = "force-dynamic";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  const canInvite = actor.permissions.has("can_invite_workers");
  // Workers see how many new jobs are open to them beside "My dashboard" (spec §9: "20+");
  // an applicant has none until it is approved.
  const [fresh, counts, chatUnread] = await Promise.all([
    actor.permissions.has("my_dashboard_access") && actor.approved
      ? newJobsBadge().catch((err: unknown) => {
          // A counter must not take every page down with it; the failure is still logged.
          console.error("[layout] new-jobs counter failed", err);
          return null;
        })
      : null,
    // Applicants and Approvals show what waits for the office.
    menuBadges(actor),
    liveChatUnread(actor),
  ]);
  // Only administrators get this far during maintenance: remind them it is on.
  const maintenance = actor.isAdmin && (await maintenanceNotice(await requestCtx())).on;
  const navigation = visibleNavigation(actor.permissions, env.mode, {
    isClient: actor.isClient,
  }).map((g) => ({
    ...g,
    items: g.items.map((i) =>
      i.href === "/my-dashboard" && fresh && fresh.count > 0
        ? { ...i, badge: { text: fresh.label, label: "new jobs" } }
        : i.href === "/live-chat" && chatUnread !== null
          ? { ...i, liveBadge: <UnreadChatBadge key={chatUnread} initial={chatUnread} /> }
          : counts[i.href]
            ? { ...i, badge: counts[i.href] }
            : i,
    ),
  }));
  return (
    <RealtimeProvider userId={actor.userId} ably={Boolean(env.ABLY_API_KEY)}>
      <AppShell
        user={{
          name: actor.name,
          initials: initials(actor.name),
          roles: actor.roles.map((r) => r.title),
          canInvite,
        }}
        navigation={navigation}
        icons={shellIcons(navigation.flatMap((g) => g.items.map((i) => i.icon)))}
        userMenu={
          <UserMenuLinks name={actor.name} email={actor.email} totpEnabled={actor.totpEnabled} />
        }
      >
        {maintenance && (
          <Alert tone="warning" title="Maintenance mode is on" className="mb-4">
            Only administrators can use Crewdeck; everyone else sees the maintenance page.{" "}
            <NavLink href="/settings">Switch it off in Agency settings</NavLink>.
          </Alert>
        )}
        <Suspense fallback={null}>
          <DeniedNotice />
        </Suspense>
        {children}
      </AppShell>
      {canInvite && <InviteFriendModal send={inviteFriend} />}
      <LazyScrollTop icon={<ArrowUp className="size-4" aria-hidden />} />
    </RealtimeProvider>
  );
}

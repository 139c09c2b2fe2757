import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/session";
import { visibleNavigation } from "@/lib/auth/navigation";
import { env } from "@/lib/env";
import { AppShell } from "@/components/shell/app-shell";
import { CookieNotice } from "@/components/shell/cookie-notice";
import { InviteFriendModal } from "@/components/shell/invite-friend-modal";
import { ScrollTop } from "@/components/shell/scroll-top";
import { inviteFriend } from "./actions";

export const dynamic = "force-dynamic";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  const canInvite = actor.permissions.has("can_invite_workers");
  return (
    <>
      <AppShell
        user={{
          name: actor.name,
          email: actor.email,
          roles: actor.roles.map((r) => r.title),
          canInvite,
          totpEnabled: actor.totpEnabled,
        }}
        navigation={visibleNavigation(actor.permissions, env.mode)}
      >
        {children}
      </AppShell>
      {canInvite && <InviteFriendModal send={inviteFriend} />}
      <CookieNotice />
      <ScrollTop />
    </>
  );
}

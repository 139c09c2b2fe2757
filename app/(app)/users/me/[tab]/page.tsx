import { notFound, redirect } from "next/navigation";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { isProfileTab } from "@/lib/domain/profile-tabs";
import { pageData } from "@/lib/http/page";
import { getProfile } from "@/lib/services/users/profile";

// /users/me/{tab}: the signed-in user's own tab (spec §2), when it may see that tab; else 404.
export default async function MyProfileTab({ params }: { params: Promise<{ tab: string }> }) {
  const { tab } = await params;
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  if (!isProfileTab(tab)) notFound();
  const profile = await pageData(getProfile(await requestCtx(), actor.userId));
  if (!profile.tabs.includes(tab)) notFound();
  redirect(`/users/${actor.userId}/${tab}`);
}

import { notFound, redirect } from "next/navigation";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { isProfileTab } from "@/lib/domain/profile-tabs";
import { pageData } from "@/lib/http/page";
import { getProfile } from "@/lib/services/users/profile";

// /users/me/{tab}: the signed-in user's own tab (spec §2), when it may see that tab; else 404.
// The query (a tab's month, page or filters) goes along.
export default async function MyProfileTab({
  params,
  searchParams,
}: {
  params: Promise<{ tab: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { tab } = await params;
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  if (!isProfileTab(tab)) notFound();
  const profile = await pageData(getProfile(await requestCtx(), actor.userId));
  if (!profile.tabs.includes(tab)) notFound();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      query.append(key, v);
  const search = query.size ? `?${query}` : "";
  redirect(`/users/${actor.userId}/${tab}${search}`);
}

import { cache } from "react";
import { notFound } from "next/navigation";
import { requestCtx } from "@/lib/auth/session";
import type { ProfileTab } from "@/lib/domain/profile-tabs";
import { pageData, pageId } from "@/lib/http/page";
import { getProfile } from "@/lib/services/users/profile";

/**
 * The profile of the current request, loaded once for the layout and the tab pages. No
 * loading boundary sits above the layout or the tabs, so an unknown or out-of-scope user, or
 * a tab the viewer may not see, is a real HTTP 404.
 */
export const profileForPage = cache(async (id: string) =>
  pageData(getProfile(await requestCtx(), pageId(id, "User"))),
);

/** The profile, when the viewer may see `tab` of it; else the 404 screen. */
export async function profileTab(id: string, tab: ProfileTab) {
  const profile = await profileForPage(id);
  if (!profile.tabs.includes(tab)) notFound();
  return profile;
}

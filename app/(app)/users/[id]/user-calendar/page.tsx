import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { userCalendarMonth } from "@/lib/services/user-calendar";
import { UserCalendarMonthList } from "@/components/user-calendar/month-list";
import { profileTab } from "../data";

export const metadata = { title: "Calendar" };

/** The user-calendar tab: the user's shifts of one month (?month=YYYY-MM), by day. */
export default async function UserCalendarTab({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ month?: string | string[] }>;
}) {
  const profile = await profileTab((await params).id, "user-calendar");
  const { month } = await searchParams;
  const data = await pageData(userCalendarMonth(await requestCtx(), profile.id, month));
  return <UserCalendarMonthList data={data} basePath={`/users/${profile.id}/user-calendar`} />;
}

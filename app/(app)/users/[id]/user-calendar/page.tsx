import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { userCalendarMonth } from "@/lib/services/user-calendar";
import { UserCalendarMonthList } from "@/components/user-calendar/month-list";
import {
  RemoveUnavailableButton,
  UnavailableForm,
} from "@/components/user-calendar/unavailable-form";
import { markUnavailableAction, unmarkUnavailableAction } from "./actions";
import { profileTab } from "../data";

export const metadata = { title: "Calendar" };

/**
 * The user-calendar tab: the user's shifts and days marked unavailable of one month
 * (?month=YYYY-MM), by day; who may edit the profile marks and removes days.
 */
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
  const canEdit = profile.can.edit;
  return (
    <UserCalendarMonthList
      data={data}
      basePath={`/users/${profile.id}/user-calendar`}
      form={canEdit ? <UnavailableForm userId={profile.id} mark={markUnavailableAction} /> : null}
      remove={
        canEdit
          ? (day) => (
              <RemoveUnavailableButton
                userId={profile.id}
                date={day.date}
                unmark={unmarkUnavailableAction}
              />
            )
          : undefined
      }
    />
  );
}

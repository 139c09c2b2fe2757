import { NavLink } from "@/components/ui/nav-link";
import { ActivityList } from "@/components/activity/activity-list";
import { requestCtx } from "@/lib/auth/session";
import { lenientList } from "@/lib/http/page";
import { listUserActivities } from "@/lib/services/activity-log";
import { CURSOR_START } from "@/lib/services/cursor";
import { can } from "@/lib/services/context";
import { listUserMessages } from "@/lib/services/notifications/messages";
import { SentMessages } from "@/components/notifications/sent-messages";
import { profileTab } from "../data";

/** The profile tab user-activities [view_user_activity]: what the user did and what was done to it. */
export default async function UserActivitiesTab({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{
    page?: string | string[];
    cursor?: string | string[];
    messages_page?: string | string[];
  }>;
}) {
  const profile = await profileTab((await params).id, "user-activities");
  const ctx = await requestCtx();
  const { page, cursor, messages_page } = await searchParams;
  const first = (v?: string | string[]) => (Array.isArray(v) ? v[0] : v);
  const [{ data }, { data: messages }] = await Promise.all([
    lenientList((input) => listUserActivities(ctx, profile.id, input), {
      page: first(page),
      // "Next" follows the last row's cursor: a deep page reads from it, not by offset.
      cursor: first(cursor) ?? CURSOR_START,
    }),
    lenientList((input) => listUserMessages(ctx, profile.id, input), {
      page: first(messages_page),
    }),
  ]);
  return (
    <div className="flex flex-col gap-3">
      {can(ctx, "can_view_all_activities") && (
        <p className="text-sm">
          <NavLink
            href={`/activity-log?causer_id=${profile.id}`}
            className="text-accent-700 hover:underline"
          >
            What {profile.name} did, in the activity log
          </NavLink>
        </p>
      )}
      <ActivityList
        items={data.items}
        meta={data.meta}
        timeZone={data.time_zone}
        label={`Activity of ${profile.name}`}
        emptyTitle="No activity yet"
        emptyHint="What this user does in Crewdeck, and what the office changes on the account, appears here."
      />
      <SentMessages
        items={messages.items}
        meta={messages.meta}
        timeZone={messages.time_zone}
        name={profile.name}
        pageHref={(n) =>
          `/users/${profile.id}/user-activities?${new URLSearchParams({
            ...(first(page) ? { page: first(page)! } : {}),
            ...(first(cursor) ? { cursor: first(cursor)! } : {}),
            messages_page: String(n),
          })}`
        }
      />
    </div>
  );
}

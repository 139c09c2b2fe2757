import { NavLink } from "@/components/ui/nav-link";
import { ActivityList } from "@/components/activity/activity-list";
import { activityTypeLabel } from "@/lib/domain/activity-words";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { activityTypes, listActivityLog } from "@/lib/services/activity-log";
import { CURSOR_START } from "@/lib/services/cursor";

export const metadata = routeMetadata("/activity-log");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** /activity-log [can_view_all_activities]: who did what, when, on which record. */
export default async function ActivityLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [{ data: page, dropped }, types] = await Promise.all([
    lenientList((input) => listActivityLog(ctx, input), {
      page: one(sp.page),
      filter: {
        log_name: one(sp.log_name),
        causer_id: one(sp.causer_id),
        from: one(sp.from),
        to: one(sp.to),
      },
      // "Next" follows the last row's cursor: a deep page reads from it, not by offset.
      cursor: one(sp.cursor) ?? CURSOR_START,
    }),
    pageData(activityTypes(ctx)),
  ]);
  const filtered = ["log_name", "causer_id", "from", "to"].some(
    (k) => one(sp[k]) && !dropped[`filter.${k}`],
  );
  const logName = one(sp.log_name);
  const causerId = one(sp.causer_id) && !dropped["filter.causer_id"] ? one(sp.causer_id) : null;
  const causerName = page.items.find((r) => String(r.causer?.id) === causerId)?.causer?.name;
  return (
    <>
      <PageHeader
        title="Activity log"
        description="Every change made in Crewdeck: who made it, when, and on which record."
      />
      <FilterBar
        label="Filter the activity log"
        fields={[
          {
            kind: "select",
            param: "log_name",
            label: "Type",
            all: "All types",
            options: types
              .map((t) => ({ value: t, label: activityTypeLabel(t) }))
              .sort((a, b) => a.label.localeCompare(b.label)),
          },
          { kind: "date", param: "from", label: "From" },
          { kind: "date", param: "to", label: "To" },
        ]}
      />
      {causerId && (
        <p className="mb-4 text-sm text-gray-700">
          Only what {causerName ?? `user #${causerId}`} did.{" "}
          <NavLink
            href={`/activity-log${logName ? `?${new URLSearchParams({ log_name: logName })}` : ""}`}
            className="text-accent-700 hover:underline"
          >
            Show everyone&rsquo;s activity
          </NavLink>
        </p>
      )}
      <ActivityList
        items={page.items}
        meta={page.meta}
        timeZone={page.time_zone}
        label="Activity log"
        emptyTitle={filtered ? "No activity matches these filters" : "No activity yet"}
        emptyHint={
          filtered
            ? "Try another type or a wider date range, or clear the filters."
            : "Changes people make (bookings, approvals, edits) appear here as they happen."
        }
      />
    </>
  );
}

import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { routeMetadata } from "@/lib/auth/metadata";
import { requestCtx } from "@/lib/auth/session";
import { calendarScreen } from "@/lib/services/calendar/screen";
import { CalendarLoader } from "./calendar-loader";

export const metadata = routeMetadata("/calendar");

type Search = Record<string, string | string[] | undefined>;

export default async function CalendarPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requestCtx();
  const screen = await calendarScreen(ctx, await searchParams);
  const options = (list: { id: number; name: string }[]) =>
    list.map((o) => ({ value: o.id, label: o.name }));
  return (
    <>
      <PageHeader
        title="Calendar"
        description={
          screen.filters
            ? "Every shift of the jobs you can see, with how many places are booked."
            : "The shifts you are booked on."
        }
      />
      {screen.filters && (
        <FilterBar
          label="Filter the calendar"
          className="lg:grid-cols-4"
          pageParam="page"
          fields={[
            {
              kind: "select",
              param: "country_id",
              label: "Country",
              all: "All countries",
              options: options(screen.filters.countries),
            },
            {
              kind: "select",
              param: "branch",
              label: "Branch",
              all: "All branches",
              options: options(screen.filters.branches),
            },
            {
              kind: "select",
              param: "company_id",
              label: "Company",
              all: "All companies",
              options: options(screen.filters.companies),
            },
            { kind: "toggle", param: "own", label: "Only my jobs" },
          ]}
        />
      )}
      <CalendarLoader
        view={screen.view}
        date={screen.date}
        viewInUrl={screen.viewInUrl}
        timeZone={screen.calendar.time_zone}
        events={screen.calendar.events}
        truncated={screen.calendar.truncated}
        total={screen.calendar.total}
        days={screen.calendar.days}
        daysCapped={screen.calendar.days_capped}
      />
    </>
  );
}

import { ChartCard } from "@/components/insights/chart-card";
import { routeMetadata } from "@/lib/auth/metadata";
import { statistics } from "@/lib/services/statistics";
import { asOfTimes, insightsPage, type Search } from "./data";
import { InsightsNotices } from "./notices";

export const metadata = routeMetadata("/insights");

/** Jobs, reported hours, jobs per client and users over the period. */
export default async function InsightsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { ctx, view, data } = await insightsPage(searchParams, {
    jobs: statistics.jobs,
    hours: statistics.reportedHours,
    perClient: statistics.jobsPerClient,
    users: statistics.users,
  });
  const period = view.label;
  // Jobs per client of a standard period is the answer stored in the background: say when.
  const asOf = await asOfTimes(ctx, [data.perClient]);
  return (
    <>
      <InsightsNotices notices={view.notices} />
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title="Jobs"
          description={`Jobs per month, ${period}.`}
          period={period}
          stats={data.jobs}
          kind="bar"
          labelHeader="Period"
        />
        <ChartCard
          title="Reported hours"
          description={`Hours reported per month, ${period}.`}
          period={period}
          stats={data.hours}
          kind="line"
          labelHeader="Period"
        />
        <ChartCard
          title="Jobs per client"
          description={`Jobs per client, ${period}.`}
          period={period}
          stats={data.perClient}
          kind="horizontal"
          labelHeader="Client"
          asOf={asOf(data.perClient)}
        />
        <ChartCard
          title="Users"
          description={`New users per month, ${period}.`}
          period={period}
          stats={data.users}
          kind="stacked"
          labelHeader="Period"
        />
      </div>
    </>
  );
}

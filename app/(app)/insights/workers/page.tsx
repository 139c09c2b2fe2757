import { Download } from "lucide-react";
import { ChartCard } from "@/components/insights/chart-card";
import { TopWorkers } from "@/components/insights/top-workers";
import { buttonClass } from "@/components/ui/button";
import { routeMetadata } from "@/lib/auth/metadata";
import { statistics } from "@/lib/services/statistics";
import { asOfTimes, insightsPage, restQuery, type Search } from "../data";
import { InsightsNotices } from "../notices";

export const metadata = routeMetadata("/insights/workers");

/** Jobs and hours by worker, the top workers, and the workers download (xlsx). */
export default async function WorkerInsightsPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const { ctx, view, data } = await insightsPage(searchParams, {
    jobs: statistics.jobsByWorker,
    hours: statistics.hoursByWorker,
  });
  const period = view.label;
  // Stored answers of the standard periods say when they were computed (the viewer's clock).
  const asOf = await asOfTimes(ctx, [data.jobs, data.hours]);
  return (
    <>
      <InsightsNotices notices={view.notices} />
      <div className="mb-4 flex flex-wrap justify-end">
        <a
          href={`/api/v2/statistics/workers?${restQuery(view)}`}
          download
          className={buttonClass({ variant: "secondary" })}
        >
          <Download aria-hidden /> Download workers (xlsx)
        </a>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <TopWorkers
          period={period}
          jobs={data.jobs}
          hours={data.hours}
          asOf={asOf(data.jobs, data.hours)}
        />
        <ChartCard
          title="Jobs by worker"
          description={`The workers with the most jobs, ${period}.`}
          period={period}
          stats={data.jobs}
          kind="horizontal"
          labelHeader="Worker"
          asOf={asOf(data.jobs)}
        />
        <ChartCard
          title="Hours by worker"
          description={`The workers with the most reported hours, ${period}.`}
          period={period}
          stats={data.hours}
          kind="horizontal"
          labelHeader="Worker"
          asOf={asOf(data.hours)}
          className="xl:col-span-2"
        />
      </div>
    </>
  );
}

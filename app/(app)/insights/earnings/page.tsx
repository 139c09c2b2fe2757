import { ChartCard } from "@/components/insights/chart-card";
import { routeMetadata } from "@/lib/auth/metadata";
import { statistics } from "@/lib/services/statistics";
import { asOfTimes, insightsPage, type Search } from "../data";
import { InsightsNotices } from "../notices";

export const metadata = routeMetadata("/insights/earnings");

/**
 * Revenue, client revenue, client margins, worker earnings and consolidated expenses (salaries
 * vs additional expenses, stacked): money per currency, never added across currencies.
 */
export default async function EarningsInsightsPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const { ctx, view, data } = await insightsPage(searchParams, {
    revenue: statistics.revenue,
    clientRevenue: statistics.clientRevenue,
    margins: statistics.clientMargins,
    earnings: statistics.workerEarnings,
    expenses: statistics.consolidatedExpenses,
  });
  const period = view.label;
  // Client revenue and margins of a standard period are answers stored in the background.
  const asOf = await asOfTimes(ctx, [data.clientRevenue, data.margins]);
  return (
    <>
      <InsightsNotices notices={view.notices} />
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title="Revenue"
          description={`What clients were charged, ${period}.`}
          period={period}
          stats={data.revenue}
          kind="line"
          labelHeader="Period"
        />
        <ChartCard
          title="Client revenue"
          description={`Revenue by client, ${period}.`}
          period={period}
          stats={data.clientRevenue}
          kind="horizontal"
          labelHeader="Client"
          asOf={asOf(data.clientRevenue)}
        />
        <ChartCard
          title="Client margins"
          description={`Revenue, cost and margin by client, ${period}.`}
          period={period}
          stats={data.margins}
          kind="bar"
          labelHeader="Client"
          asOf={asOf(data.margins)}
        />
        <ChartCard
          title="Worker earnings"
          description={`What the salary lines pay workers, paid and not yet paid, ${period}.`}
          period={period}
          stats={data.earnings}
          kind="stacked"
          labelHeader="Period"
        />
        <ChartCard
          title="Consolidated expenses"
          description={`Salaries and additional expenses, ${period}.`}
          period={period}
          stats={data.expenses}
          kind="stacked"
          labelHeader="Period"
          className="xl:col-span-2"
        />
      </div>
    </>
  );
}

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Statistics } from "@/lib/services/statistics/types";
import { OTHER_LABEL, valueText } from "./series";

const TOP = 5;

/** The first workers of a ranked answer (top 10 + "Other"), with the sum of their series. */
function ranked(stats: Statistics) {
  return stats.labels
    .map((name, i) => ({
      name,
      total: stats.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0),
    }))
    .filter((w) => w.name !== OTHER_LABEL && w.total > 0)
    .slice(0, TOP);
}

function Ranking({
  title,
  rows,
  unit,
}: {
  title: string;
  rows: ReturnType<typeof ranked>;
  unit: "count" | "hours";
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">No data for this period</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {rows.map((w, i) => (
            <li key={`${w.name}-${i}`} className="flex items-baseline gap-2">
              <span className="w-5 shrink-0 text-right text-gray-600 tabular-nums">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate text-gray-900">{w.name}</span>
              <span className="shrink-0 tabular-nums text-gray-900">
                {unit === "hours"
                  ? valueText(w.total, { unit })
                  : `${valueText(w.total, { unit })} ${w.total === 1 ? "job" : "jobs"}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The top workers of the period: the first five by jobs (the order of jobs-by-worker) and by
 * reported hours, approved and pending together (the order of hours-by-worker).
 */
export function TopWorkers({
  period,
  jobs,
  hours,
  asOf,
}: {
  period: string;
  jobs: Statistics;
  hours: Statistics;
  /** When the answers were computed, for answers stored by the background round (HH:MM). */
  asOf?: string;
}) {
  const jobsSeries: Statistics = {
    labels: jobs.labels,
    series: jobs.series.filter((s) => s.name === "Jobs").slice(0, 1),
  };
  return (
    <Card role="region" aria-labelledby="top-workers-title">
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id="top-workers-title">Top workers</CardTitle>
          <CardDescription>{`The busiest workers, ${period}.`}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <Ranking
          title="Most jobs"
          rows={ranked(jobsSeries.series.length ? jobsSeries : jobs)}
          unit="count"
        />
        <Ranking title="Most hours" rows={ranked(hours)} unit="hours" />
        {asOf && <p className="text-xs text-gray-600 sm:col-span-2">Figures as of {asOf}</p>}
      </CardContent>
    </Card>
  );
}

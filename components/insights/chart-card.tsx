"use client";

import { useId, useState } from "react";
import dynamic from "next/dynamic";
import { ChartColumn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { Statistics } from "@/lib/services/statistics/types";
import type { ChartKind } from "./chart";
import { chartPanels, isEmptyStatistics, labelText, OTHER_LABEL, valueText } from "./series";

// recharts is loaded only here, in the browser, after the page: no first load carries it.
const InsightsChart = dynamic(() => import("./chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-[280px] w-full" />,
});

export interface ChartCardProps {
  title: string;
  description?: string;
  /** The period in words, added to the table's caption ("Revenue, October 2026"). */
  period: string;
  stats: Statistics;
  kind: ChartKind;
  /** Heading of the label column of the table: "Month", "Client", "Worker". */
  labelHeader: string;
  /** Start with the table (a ranking reads better as one). */
  tableFirst?: boolean;
  /**
   * When a stored answer was computed, in the viewer's zone ("14:02"): said under the figures,
   * since they may be a few minutes behind the latest bookings.
   */
  asOf?: string;
  className?: string;
}

/**
 * One figure of the insights screens: a chart (one per currency or unit, never an axis adding
 * two currencies), its figures as an accessible table behind "Show as table", and an empty state.
 */
export function ChartCard({
  title,
  description,
  period,
  stats,
  kind,
  labelHeader,
  tableFirst = false,
  asOf,
  className,
}: ChartCardProps) {
  const [asTable, setAsTable] = useState(tableFirst);
  const headingId = useId();
  const empty = isEmptyStatistics(stats);
  const panels = chartPanels(stats);
  return (
    <Card className={className} aria-labelledby={headingId} role="region">
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={headingId}>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {!empty && (
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {empty ? (
          <EmptyState
            title="No data for this period"
            hint="Choose another period or clear the filters."
            icon={<ChartColumn />}
            className="py-8"
          />
        ) : asTable ? (
          <div
            className="max-h-[28rem] overflow-auto"
            tabIndex={0}
            role="group"
            aria-label={`${title} figures`}
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">
                {title}, {period}
              </caption>
              <thead className="sticky top-0 bg-white">
                <tr className="border-b border-gray-200">
                  <th scope="col" className="py-2 pr-4 font-semibold text-gray-900">
                    {labelHeader}
                  </th>
                  {stats.series.map((s, i) => (
                    <th
                      key={i}
                      scope="col"
                      className="py-2 pr-4 text-right font-semibold whitespace-nowrap text-gray-900"
                    >
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {stats.labels.map((label, row) => (
                  <tr key={`${label}-${row}`} className="border-b border-gray-100">
                    <th scope="row" className="py-2 pr-4 font-normal text-gray-900">
                      {labelText(label)}
                    </th>
                    {stats.series.map((s, i) => (
                      <td key={i} className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">
                        {valueText(s.values[row] ?? 0, s)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="space-y-6">
            {kind === "horizontal" && stats.labels.includes(OTHER_LABEL) && (
              <p className="text-sm text-gray-600">
                The chart shows the top {stats.labels.length - 1}; everyone else together
                (&quot;Other&quot;) is in the table.
              </p>
            )}
            {panels.map((panel) => (
              <figure key={panel.key} className="min-w-0">
                {panel.heading && (
                  <figcaption className="mb-2 text-sm font-medium text-gray-700">
                    {panel.heading}
                  </figcaption>
                )}
                <div
                  role="img"
                  aria-label={`${title}${panel.heading ? ` in ${panel.heading}` : ""}: ${stats.series
                    .filter((_, i) => panel.series.includes(i))
                    .map((s) => s.name)
                    .join(", ")}. Show as table to read the figures.`}
                >
                  <InsightsChart stats={stats} panel={panel} kind={kind} />
                </div>
              </figure>
            ))}
          </div>
        )}
        {asOf && <p className="mt-3 text-xs text-gray-600">Figures as of {asOf}</p>}
      </CardContent>
    </Card>
  );
}

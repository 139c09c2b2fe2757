"use client";

import { useSearchParams } from "next/navigation";
import { FilterBar, type FilterField } from "@/components/ui/filter-bar";
import { LinkTabs } from "@/components/ui/tabs";
import {
  DEFAULT_INSIGHTS_PRESET,
  INSIGHTS_PRESETS,
  INSIGHTS_VIEW_PARAMS,
} from "@/lib/domain/insights-view";

type Option = { value: number; label: string };

/** Period (a preset or custom dates), branch and client, in the query. */
export function InsightsFilters({ branches, clients }: { branches: Option[]; clients: Option[] }) {
  const params = useSearchParams();
  const fallback = INSIGHTS_PRESETS.find((p) => p.value === DEFAULT_INSIGHTS_PRESET)!;
  const fields: FilterField[] = [
    {
      kind: "select",
      param: "period",
      label: "Period",
      all: fallback.label,
      options: INSIGHTS_PRESETS.filter((p) => p.value !== DEFAULT_INSIGHTS_PRESET),
      resets: ["from", "to"],
    },
  ];
  if (params?.get("period") === "custom")
    fields.push(
      { kind: "date", param: "from", label: "From" },
      { kind: "date", param: "to", label: "To" },
    );
  fields.push({
    kind: "select",
    param: "branch_id",
    label: "Branch",
    all: "All branches",
    options: branches,
  });
  if (clients.length > 0)
    fields.push({
      kind: "select",
      param: "client_id",
      label: "Client",
      all: "All clients",
      options: clients,
    });
  return <FilterBar label="Insights period and filters" fields={fields} className="mb-4" />;
}

/** The tabs the user may open, each keeping the period and filters. */
export function InsightsTabs({ statistics, earnings }: { statistics: boolean; earnings: boolean }) {
  const params = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of INSIGHTS_VIEW_PARAMS) {
    const value = params?.get(key);
    if (value) keep.set(key, value);
  }
  const query = keep.toString();
  const tabs = [
    ...(statistics
      ? [
          { path: "/insights", label: "Jobs and hours" },
          { path: "/insights/workers", label: "Workers" },
        ]
      : []),
    ...(earnings ? [{ path: "/insights/earnings", label: "Earnings" }] : []),
  ];
  if (tabs.length < 2) return null;
  return (
    <LinkTabs
      label="Insights sections"
      className="mb-4"
      tabs={tabs.map((t) => ({ href: query ? `${t.path}?${query}` : t.path, label: t.label }))}
    />
  );
}

"use client";

import { useSearchParams } from "next/navigation";
import { FilterBar, type FilterField } from "@/components/ui/filter-bar";
import { LinkTabs } from "@/components/ui/tabs";
import { SALARY_VIEW_PARAMS } from "@/lib/domain/salary-screen";

type Option = { value: number; label: string };

/** Period (last month, this month or custom dates) and branch or country, in the query. */
export function SalaryFilters({
  branches,
  countries,
}: {
  branches: Option[];
  countries: Option[];
}) {
  const params = useSearchParams();
  const fields: FilterField[] = [
    {
      kind: "select",
      param: "period",
      label: "Period",
      all: "Last month",
      options: [
        { value: "this", label: "This month" },
        { value: "custom", label: "Custom dates" },
      ],
      resets: ["from", "to"],
    },
  ];
  if (params?.get("period") === "custom")
    fields.push(
      { kind: "date", param: "from", label: "From" },
      { kind: "date", param: "to", label: "To" },
    );
  fields.push(
    {
      kind: "select",
      param: "branch_id",
      label: "Branch",
      all: "All branches",
      options: branches,
      resets: ["country_id"],
    },
    {
      kind: "select",
      param: "country_id",
      label: "Country",
      all: "All countries",
      options: countries,
      resets: ["branch_id"],
    },
  );
  return <FilterBar label="Salary period and place" fields={fields} className="mb-2" />;
}

const TABS = [
  { path: "/salaryreports", label: "Overview" },
  { path: "/salaryreports/slips", label: "Pay slips" },
  { path: "/salaryreports/exports", label: "Export history" },
  { path: "/salaryreports/summary", label: "Summary" },
];

/** The four tabs, each keeping the period and place (not the search or page of a list). */
export function SalaryTabs() {
  const params = useSearchParams();
  const keep = new URLSearchParams();
  for (const key of SALARY_VIEW_PARAMS) {
    const value = params?.get(key);
    if (value) keep.set(key, value);
  }
  const query = keep.toString();
  return (
    <LinkTabs
      label="Salary sections"
      className="mb-4"
      tabs={TABS.map((t) => ({ href: query ? `${t.path}?${query}` : t.path, label: t.label }))}
    />
  );
}

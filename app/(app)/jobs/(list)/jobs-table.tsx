"use client";

import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { RosterSelection, selectColumn } from "@/components/roster/jobs-roster-selection";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/work/status-badge";
import { formatSpan } from "@/lib/domain/format";
import type { JobListItem } from "@/lib/services/jobs/list";

const columns: ColumnDef<JobListItem>[] = [
  {
    id: "name",
    header: "Job",
    cell: ({ row }) => (
      <NavLink
        href={`/jobs/${row.original.id}`}
        className="font-medium text-accent-700 hover:underline"
      >
        {row.original.name}
      </NavLink>
    ),
    meta: { label: "Job", mobileTitle: true },
  },
  {
    id: "company",
    header: "Company",
    cell: ({ row }) => row.original.company.name,
    meta: { label: "Company" },
  },
  {
    id: "venue",
    header: "Venue",
    cell: ({ row }) =>
      [row.original.venue?.name, row.original.city].filter(Boolean).join(", ") || "—",
    meta: { label: "Venue" },
  },
  {
    id: "dates",
    header: "Dates",
    cell: ({ row }) => {
      const { start, end, country } = row.original;
      return start && end ? (
        <span className="tabular-nums">
          {formatSpan(new Date(start), new Date(end), country.time_zone)}
        </span>
      ) : (
        "—"
      );
    },
    meta: { label: "Dates" },
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
    meta: { label: "Status" },
  },
  {
    id: "fill",
    header: "Filled",
    cell: ({ row }) => {
      const { filled, positions } = row.original;
      const full = positions > 0 && filled >= positions;
      return (
        <span
          className={full ? "font-medium text-success-700 tabular-nums" : "tabular-nums"}
          aria-label={`${filled} of ${positions} positions filled`}
        >
          {filled}/{positions}
        </span>
      );
    },
    meta: { label: "Filled", align: "right" },
  },
];

export function JobsTable({
  items,
  meta,
  emptyHint,
  canRoster = false,
}: {
  items: JobListItem[];
  meta: PaginationMeta;
  emptyHint: string;
  /** Row check boxes and "Download roster" for the selected jobs. */
  canRoster?: boolean;
}) {
  const [selected, setSelected] = useState<Map<number, JobListItem>>(new Map());
  return (
    <>
      {canRoster && <RosterSelection selected={selected} onClear={() => setSelected(new Map())} />}
      <DataTable
        columns={canRoster ? [selectColumn(items, selected, setSelected), ...columns] : columns}
        data={items}
        meta={meta}
        caption="Jobs"
        emptyTitle="No jobs here"
        emptyHint={emptyHint}
        getRowId={(row) => String(row.id)}
      />
    </>
  );
}

"use client";

import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { SalaryExportRow } from "@/lib/services/salary/export";
import { ProgressBar, useProgress } from "./progress";

/** A row as the page hands it over: its time already formatted on the server. */
export type SalaryExportView = SalaryExportRow & { when: string };

/** An export still being written: its bar, followed each second; the list is read again at the end. */
function Running({ row }: { row: SalaryExportView }) {
  const router = useRouter();
  const p = useProgress(row.monitor_id, () => router.refresh());
  return <ProgressBar percent={p?.percent ?? row.percent} label={`Export of ${row.period}`} />;
}

function State({ row }: { row: SalaryExportView }) {
  if (row.status === "done")
    return (
      <a
        href={`/api/v2/salary/history/${row.id}`}
        download
        className="inline-flex min-h-11 items-center font-medium text-accent-700 underline sm:pointer-fine:min-h-0"
        aria-label={`Download ${row.file_name}`}
      >
        Download
      </a>
    );
  if (row.status === "failed")
    return (
      <span className="flex flex-col gap-1">
        <Badge tone="danger" className="self-start">
          Failed
        </Badge>
        {row.message && <span className="text-xs text-gray-600">{row.message}</span>}
      </span>
    );
  return <Running row={row} />;
}

const columns: ColumnDef<SalaryExportView>[] = [
  {
    id: "period",
    header: "Period",
    cell: ({ row }) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{row.original.period}</span>
        <span className="text-xs text-gray-700">
          {row.original.format === "zip" ? "Pay slips (ZIP)" : "Salary lines (Excel)"}
        </span>
        <span className="text-xs [overflow-wrap:anywhere] text-gray-600">
          {row.original.file_name}
        </span>
      </span>
    ),
    meta: { label: "Period", mobileTitle: true },
  },
  { id: "scope", header: "Branch or country", cell: ({ row }) => row.original.scope },
  {
    id: "lines",
    header: "Lines",
    cell: ({ row }) => <span className="tabular-nums">{row.original.lines}</span>,
    meta: { align: "right" },
  },
  {
    id: "who",
    header: "Exported by",
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.created_by ?? "Deleted user"}</span>
        <span className="text-xs text-gray-600 tabular-nums">{row.original.when}</span>
      </span>
    ),
  },
  {
    id: "file",
    header: "File",
    cell: ({ row }) => <State row={row.original} />,
    meta: { label: "File", cellClassName: "min-w-32" },
  },
];

/** The exports of every period, newest first, 10 a page. */
export function ExportsTable({ items, meta }: { items: SalaryExportView[]; meta: PaginationMeta }) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Salary exports"
      emptyTitle="No exports yet"
      emptyHint="Choose a period and a branch or country, then Export period: the file shows here for download."
      getRowId={(row) => String(row.id)}
    />
  );
}

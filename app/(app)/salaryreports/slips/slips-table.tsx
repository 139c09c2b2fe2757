"use client";

import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { buttonClass } from "@/components/ui/button";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { PaySlipRow } from "@/lib/services/salary/slips-list";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "Europe/Copenhagen",
  }).format(new Date(iso));

const slipHref = (s: PaySlipRow) =>
  `/api/v2/salary/slip?${new URLSearchParams({
    user_id: String(s.user_id),
    from: s.period_from,
    to: s.period_to,
  })}`;

const columns: ColumnDef<PaySlipRow>[] = [
  {
    id: "worker",
    header: "Worker",
    cell: ({ row }) => <span className="font-medium break-words">{row.original.worker}</span>,
    meta: { label: "Worker", mobileTitle: true },
  },
  {
    id: "period",
    header: "Period",
    cell: ({ row }) => row.original.period,
    meta: { label: "Period" },
  },
  {
    id: "totals",
    header: "Total",
    cell: ({ row }) => row.original.totals.map((t) => t.label).join(" · ") || "—",
    meta: { label: "Total", align: "right" },
  },
  {
    id: "paid",
    header: "Paid",
    cell: ({ row }) =>
      row.original.paid_at ? when(row.original.paid_at) : <Badge tone="warning">Partly paid</Badge>,
    meta: { label: "Paid" },
  },
  {
    id: "actions",
    header: "",
    cell: ({ row }) => (
      <a
        href={slipHref(row.original)}
        download
        className={buttonClass({ variant: "secondary", size: "sm" })}
        aria-label={`Download the pay slip of ${row.original.worker} for ${row.original.period} (PDF)`}
      >
        <Download aria-hidden /> PDF
      </a>
    ),
    meta: { label: "", align: "right", sticky: "right" },
  },
];

export function SlipsTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
}: {
  items: PaySlipRow[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Pay slips"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      getRowId={(row) => String(row.id)}
    />
  );
}

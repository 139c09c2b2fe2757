"use client";

import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { CompanyListItem } from "@/lib/services/companies";

const columns: ColumnDef<CompanyListItem>[] = [
  {
    id: "name",
    header: "Client",
    cell: ({ row }) => (
      <NavLink
        href={`/client/${row.original.id}`}
        className="font-medium break-words text-accent-700 hover:underline"
      >
        {row.original.name}
      </NavLink>
    ),
    meta: { label: "Client", mobileTitle: true },
  },
  {
    id: "taxid",
    header: "Tax id",
    cell: ({ row }) => <span className="tabular-nums">{row.original.taxid ?? "—"}</span>,
    meta: { label: "Tax id" },
  },
  {
    id: "country",
    header: "Country",
    cell: ({ row }) => row.original.country.name,
    meta: { label: "Country" },
  },
  {
    id: "branch",
    header: "Default branch",
    cell: ({ row }) => row.original.default_branch?.name ?? "—",
    meta: { label: "Default branch" },
  },
  {
    id: "managers",
    header: "Key account managers",
    cell: ({ row }) => row.original.key_account_managers.map((m) => m.name).join(", ") || "—",
    meta: { label: "Key account managers" },
  },
  {
    id: "jobs",
    header: "Jobs",
    cell: ({ row }) => <span className="tabular-nums">{row.original.jobs_count}</span>,
    meta: { label: "Jobs", align: "right" },
  },
];

export function ClientsTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: CompanyListItem[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Clients"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      emptyAction={emptyAction}
      getRowId={(row) => String(row.id)}
    />
  );
}

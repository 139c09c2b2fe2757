"use client";

import type { ReactNode } from "react";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { CompanyUserView } from "@/lib/services/companies";

const columns: ColumnDef<CompanyUserView>[] = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }) => <span className="font-medium break-words">{row.original.name}</span>,
    meta: { label: "Name", mobileTitle: true },
  },
  {
    id: "email",
    header: "Email",
    cell: ({ row }) => (
      <a
        href={`mailto:${row.original.email}`}
        className="break-all text-accent-700 hover:underline"
      >
        {row.original.email}
      </a>
    ),
    meta: { label: "Email" },
  },
  {
    id: "phone",
    header: "Phone",
    cell: ({ row }) => row.original.phone ?? "—",
    meta: { label: "Phone" },
  },
  {
    id: "role",
    header: "Role",
    cell: ({ row }) => row.original.role.map((r) => r.title).join(", ") || "—",
    meta: { label: "Role" },
  },
];

export function ClientUsersTable({
  items,
  meta,
  emptyAction,
}: {
  items: CompanyUserView[];
  meta: PaginationMeta;
  emptyAction?: ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Client contacts"
      emptyTitle="No contacts yet"
      emptyHint="Contacts of this client sign in to follow its jobs and approve hours."
      emptyAction={emptyAction}
      getRowId={(row) => String(row.id)}
    />
  );
}

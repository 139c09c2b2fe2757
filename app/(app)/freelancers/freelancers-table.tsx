"use client";

import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import { dash, listOf, PersonCell } from "@/components/users/user-cells";
import type { FreelancerRow } from "@/lib/services/users/freelancers";

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

const columns: ColumnDef<FreelancerRow>[] = [
  {
    accessorKey: "last_name",
    header: "Name",
    cell: ({ row }) => <PersonCell {...row.original} />,
    meta: { label: "Name", mobileTitle: true },
  },
  {
    id: "phone",
    header: "Phone",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.phone ? (
        <a
          href={telHref(row.original.phone)}
          className="whitespace-nowrap text-accent-700 hover:underline"
        >
          {row.original.phone}
        </a>
      ) : (
        dash
      ),
    meta: { label: "Phone" },
  },
  {
    id: "skills",
    header: "Skills",
    enableSorting: false,
    cell: ({ row }) => <span className="line-clamp-2">{listOf(row.original.skills)}</span>,
    meta: { label: "Skills" },
  },
  {
    id: "branch",
    header: "Branch",
    enableSorting: false,
    cell: ({ row }) => listOf(row.original.branches.map((b) => b.name)),
    meta: { label: "Branch" },
  },
  {
    id: "languages",
    header: "Languages",
    enableSorting: false,
    cell: ({ row }) => listOf(row.original.languages),
    meta: { label: "Languages" },
  },
  {
    id: "documents",
    header: "Documents",
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.has_valid_documents ? (
          <Badge tone="success">Valid</Badge>
        ) : (
          <Badge tone="warning">Missing or expired</Badge>
        )}
        {row.original.status === "deactivated" && <Badge tone="neutral">Deactivated</Badge>}
      </span>
    ),
    meta: { label: "Documents" },
  },
];

/** The freelancer search's results: a server-paged table, cards on a phone. */
export function FreelancersTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
}: {
  items: FreelancerRow[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Freelancers"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      getRowId={(row) => String(row.id)}
    />
  );
}

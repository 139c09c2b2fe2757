"use client";

import type { ReactNode } from "react";
import { Badge, type PaginationMeta } from "@/components/ui";
import { RecordTable } from "@/components/master-data/record-table";
import type { BranchView } from "@/lib/services/branches";
import type { CountryOption } from "@/lib/services/reference";
import { deleteBranchAction } from "./actions";
import { BranchDialog } from "./branch-form";

const dash = <span className="text-gray-600">—</span>;

export function BranchesTable(props: {
  items: BranchView[];
  meta: PaginationMeta;
  countries: CountryOption[];
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const { countries, ...table } = props;
  return (
    <RecordTable
      {...table}
      caption="Branches"
      noun="branch"
      nameCell={(row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{row.name}</span>
          {row.archived_at && <Badge>Archived</Badge>}
        </span>
      )}
      columns={[
        {
          id: "country",
          header: "Country",
          cell: ({ row }) => row.original.country_name,
          meta: { label: "Country" },
        },
        {
          id: "city",
          header: "City",
          cell: ({ row }) => row.original.city ?? dash,
          meta: { label: "City" },
        },
        {
          id: "address",
          header: "Address",
          cell: ({ row }) => row.original.address ?? dash,
          meta: { label: "Address" },
        },
        {
          id: "used_by",
          header: "Used by",
          cell: ({ row }) => row.original.used_by.label || "Not used",
          meta: { label: "Used by" },
        },
      ]}
      usage={(row) => row.used_by}
      inUse={{
        kind: "archive",
        archiveText:
          "It will be archived: hidden from every picker, and kept on those records and their history.",
      }}
      canDelete={(row) => !row.archived_at}
      deleteAction={deleteBranchAction}
      renderEdit={(row, open, onOpenChange) => (
        <BranchDialog open={open} onOpenChange={onOpenChange} branch={row} countries={countries} />
      )}
    />
  );
}

"use client";

import { useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import { runOrNetworkError } from "@/components/master-data/record-dialog";
import { RecordTable } from "@/components/master-data/record-table";
import type { HolidayRegion } from "@/lib/domain/holidays";
import type { BranchView } from "@/lib/services/branches";
import type { CountryOption } from "@/lib/services/reference";
import { deleteBranchAction, restoreBranchAction } from "./actions";
import { BranchDialog } from "./branch-form";

const dash = <span className="text-gray-600">—</span>;

export function BranchesTable(props: {
  items: BranchView[];
  meta: PaginationMeta;
  countries: CountryOption[];
  regions: Record<number, HolidayRegion[]>;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const { countries, regions, ...table } = props;
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
          id: "holidays",
          header: "Holidays",
          cell: ({ row }) => row.original.holiday_region_name ?? "National",
          meta: { label: "Holidays" },
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
      rowActions={(row) => (row.archived_at ? <RestoreButton branch={row} /> : null)}
      deleteAction={deleteBranchAction}
      renderEdit={(row, open, onOpenChange) => (
        <BranchDialog
          open={open}
          onOpenChange={onOpenChange}
          branch={row}
          countries={countries}
          regions={regions}
        />
      )}
    />
  );
}

/** Brings an archived branch back to the list and the pickers. */
function RestoreButton({ branch }: { branch: BranchView }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pending}
      aria-label={`Restore ${branch.name}`}
      onClick={() =>
        start(async () => {
          const r = await runOrNetworkError(() => restoreBranchAction(branch.id));
          if (!r) return;
          if (!r.ok) return void notify.error(r.message);
          notify.success(r.data.message);
          router.refresh();
        })
      }
    >
      Restore
    </Button>
  );
}

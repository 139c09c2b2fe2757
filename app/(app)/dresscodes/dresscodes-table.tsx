"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { DressCodeView } from "@/lib/services/dresscodes";
import { deleteDressCodeAction } from "./actions";
import { DressCodeDialog } from "./dresscode-form";

const jobsText = (n: number) => (n === 0 ? "Not used" : n === 1 ? "1 job" : `${n} jobs`);

export function DressCodesTable(props: {
  items: DressCodeView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Dress codes"
      noun="dress code"
      columns={[
        {
          id: "description",
          header: "Description",
          cell: ({ row }) =>
            row.original.description ? (
              <span className="line-clamp-2 whitespace-pre-line sm:max-w-xl">
                {row.original.description}
              </span>
            ) : (
              <span className="text-gray-600">—</span>
            ),
          meta: { label: "Description" },
        },
        {
          id: "jobs",
          header: "Used by",
          cell: ({ row }) => (
            <span className="tabular-nums">{jobsText(row.original.jobs_count ?? 0)}</span>
          ),
          meta: { label: "Used by", cellClassName: "whitespace-nowrap" },
        },
      ]}
      usage={(row) => ({ count: row.jobs_count ?? 0, label: jobsText(row.jobs_count ?? 0) })}
      inUse={{
        kind: "refuse",
        refuseHint: "Choose another dress code on those jobs and shifts before deleting it.",
      }}
      deleteAction={deleteDressCodeAction}
      renderEdit={(row, open, onOpenChange) => (
        <DressCodeDialog open={open} onOpenChange={onOpenChange} dressCode={row} />
      )}
    />
  );
}

"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { LevelView } from "@/lib/services/levels";
import { levelUsage } from "@/lib/domain/usage";
import { deleteLevelAction } from "./actions";
import { LevelDialog } from "./level-form";

export function LevelsTable(props: {
  items: LevelView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Levels"
      noun="level"
      nameCell={(row) => (
        <div className="min-w-0 sm:min-w-40">
          <span className="font-medium">{row.name}</span>
          {row.description && (
            <p className="line-clamp-2 text-sm font-normal text-gray-600 sm:max-w-md">
              {row.description}
            </p>
          )}
        </div>
      )}
      columns={[
        {
          id: "held",
          header: "Held by",
          cell: ({ row }) => (
            <span className="tabular-nums">{levelUsage(row.original).label || "Not used"}</span>
          ),
          meta: { label: "Held by", cellClassName: "whitespace-nowrap" },
        },
      ]}
      usage={(row) => {
        const label = levelUsage(row).label;
        return { count: (row.workers_count ?? 0) + (row.rates_count ?? 0), label };
      }}
      inUse={{
        kind: "archive",
        archiveText:
          "It will be archived: no longer offered when rating skills or filtering, still shown where it is held.",
      }}
      deleteAction={deleteLevelAction}
      renderEdit={(row, open, onOpenChange) => (
        <LevelDialog open={open} onOpenChange={onOpenChange} level={row} />
      )}
    />
  );
}

"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui";
import { RecordTable } from "@/components/master-data/record-table";
import type { LevelView } from "@/lib/services/levels";
import { deleteLevelAction } from "./actions";
import { LevelDialog } from "./level-form";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 workers and 1 rate", "" when nothing holds it. */
function heldBy(l: LevelView): string {
  const parts = [
    [l.workers_count ?? 0, "worker"],
    [l.rates_count ?? 0, "rate"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => plural(n, word))
    .join(" and ");
}

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
            <span className="tabular-nums">{heldBy(row.original) || "Not used"}</span>
          ),
          meta: { label: "Held by", cellClassName: "whitespace-nowrap" },
        },
      ]}
      usage={(row) => {
        const label = heldBy(row);
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

"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { EquipmentCategoryView } from "@/lib/services/equipment-categories";
import { deleteEquipmentCategoryAction } from "./actions";
import { EquipmentCategoryDialog } from "./equipment-category-form";

export function EquipmentCategoriesTable(props: {
  items: EquipmentCategoryView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Equipment categories"
      noun="equipment category"
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
      ]}
      usage={(row) => ({ count: row.used_count ?? 0, label: row.used_by ?? "" })}
      inUse={{
        kind: "archive",
        archiveText: "It will be archived: no longer offered, still named where it is used.",
      }}
      deleteAction={deleteEquipmentCategoryAction}
      renderEdit={(row, open, onOpenChange) => (
        <EquipmentCategoryDialog open={open} onOpenChange={onOpenChange} category={row} />
      )}
    />
  );
}

"use client";

import { SortableList } from "@/components/ui/sortable-list";
import { saveHelpCategoryWeightsAction } from "./actions";

/** The order of the help centre's categories: drag a row (or use its handle's keys). */
export function HelpCategoryOrder({ items }: { items: { id: number; name: string }[] }) {
  return (
    <SortableList
      items={items}
      label="Order of help categories"
      saveAction={saveHelpCategoryWeightsAction}
      renderItem={(item) => <span className="font-medium text-gray-900">{item.name}</span>}
    />
  );
}

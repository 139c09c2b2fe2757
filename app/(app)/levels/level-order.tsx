"use client";

import { SortableList } from "@/components/ui/sortable-list";
import type { LevelView } from "@/lib/services/levels";
import { saveLevelWeightsAction } from "./actions";

/** Every live level in the ladder's order, most junior first; a drop saves at once. */
export function LevelOrder({ levels }: { levels: LevelView[] }) {
  if (levels.length === 0)
    return <p className="text-sm text-gray-600">No levels yet. Create one to order it here.</p>;
  return (
    <SortableList
      items={levels}
      label="Order of levels"
      saveAction={saveLevelWeightsAction}
      renderItem={(level) => <span className="font-medium">{level.name}</span>}
    />
  );
}

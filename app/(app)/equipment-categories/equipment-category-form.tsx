"use client";

import { NewRecordButton } from "@/components/master-data/record-dialog";
import { NameDescriptionDialog } from "@/components/master-data/name-description-dialog";
import type { EquipmentCategoryView } from "@/lib/services/equipment-categories";
import { createEquipmentCategoryAction, updateEquipmentCategoryAction } from "./actions";

export function EquipmentCategoryDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  category?: EquipmentCategoryView;
}) {
  return (
    <NameDescriptionDialog
      open={open}
      onOpenChange={onOpenChange}
      record={category}
      noun="equipment category"
      intro="Kinds of gear the agency supplies or charges for on a job."
      descriptionHint="Optional. What belongs in it, e.g. motors, truss, shackles."
      create={createEquipmentCategoryAction}
      update={updateEquipmentCategoryAction}
    />
  );
}

/** The page's primary action: opens the empty form. */
export function NewEquipmentCategoryButton() {
  return (
    <NewRecordButton
      label="New equipment category"
      renderDialog={(open, onOpenChange) => (
        <EquipmentCategoryDialog open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

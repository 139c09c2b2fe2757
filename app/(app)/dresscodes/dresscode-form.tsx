"use client";

import { NewRecordButton } from "@/components/master-data/record-dialog";
import { NameDescriptionDialog } from "@/components/master-data/name-description-dialog";
import type { DressCodeView } from "@/lib/services/dresscodes";
import { createDressCodeAction, updateDressCodeAction } from "./actions";

export function DressCodeDialog({
  open,
  onOpenChange,
  dressCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  dressCode?: DressCodeView;
}) {
  return (
    <NameDescriptionDialog
      open={open}
      onOpenChange={onOpenChange}
      record={dressCode}
      noun="dress code"
      intro="The name is shown on jobs and shifts; the description tells crew what to wear."
      descriptionHint="Optional. For example: black trousers, white shirt, closed black shoes."
      descriptionRows={4}
      create={createDressCodeAction}
      update={updateDressCodeAction}
    />
  );
}

/** The page's primary action: opens the empty form. */
export function NewDressCodeButton() {
  return (
    <NewRecordButton
      label="New dress code"
      renderDialog={(open, onOpenChange) => (
        <DressCodeDialog open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

"use client";

import { NewRecordButton } from "@/components/master-data/record-dialog";
import { NameDescriptionDialog } from "@/components/master-data/name-description-dialog";
import type { PermissionView } from "@/lib/services/permissions";
import { createPermissionAction, updatePermissionAction } from "./actions";

export function PermissionDialog({
  open,
  onOpenChange,
  permission,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  permission?: PermissionView;
}) {
  return (
    <NameDescriptionDialog
      open={open}
      onOpenChange={onOpenChange}
      record={permission}
      noun="permission"
      title={permission ? `Edit permission “${permission.name}”` : "New permission"}
      intro="A permission string roles can hold. Add one when an integration checks it; Crewdeck's own screens check only the built-in ones."
      nameHint={
        permission?.built_in
          ? "Crewdeck's code checks this name, so it cannot change."
          : "Lower-case letters, digits and underscores, starting with a letter, e.g. export_payroll."
      }
      nameReadOnly={Boolean(permission?.built_in)}
      descriptionHint="Optional. What it opens."
      descriptionMax={500}
      create={createPermissionAction}
      update={updatePermissionAction}
    />
  );
}

export function NewPermissionButton() {
  return (
    <NewRecordButton
      label="New permission"
      renderDialog={(open, onOpenChange) => (
        <PermissionDialog open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

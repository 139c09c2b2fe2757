"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
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
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={permission ? `Edit permission “${permission.name}”` : "New permission"}
      description="A permission string roles can hold. Add one when an integration checks it; Crewdeck's own screens check only the built-in ones."
    >
      {() => <PermissionForm permission={permission} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function PermissionForm({
  permission,
  onDone,
}: {
  permission?: PermissionView;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(permission?.name ?? "");
  const [description, setDescription] = useState(permission?.description ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, description };
        submit(() =>
          permission
            ? updatePermissionAction(permission.id, values)
            : createPermissionAction(values),
        );
      }}
    >
      <FormField
        label="Name"
        errors={errors.name}
        required
        hint={
          permission?.built_in
            ? "Crewdeck's code checks this name, so it cannot change."
            : "Lower-case letters, digits and underscores, starting with a letter, e.g. export_payroll."
        }
      >
        <Input
          name="name"
          value={name}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          readOnly={permission?.built_in}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField label="Description" hint="Optional. What it opens." errors={errors.description}>
        <Textarea
          name="description"
          value={description}
          rows={3}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <RecordFormFooter
        pending={pending}
        submitLabel={permission ? "Save changes" : "Create permission"}
      />
    </form>
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

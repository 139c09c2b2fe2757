"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
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
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? "Edit equipment category" : "New equipment category"}
      description="Kinds of gear the agency supplies or charges for on a job."
    >
      {() => <EquipmentCategoryForm category={category} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function EquipmentCategoryForm({
  category,
  onDone,
}: {
  category?: EquipmentCategoryView;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, description };
        submit(() =>
          category
            ? updateEquipmentCategoryAction(category.id, values)
            : createEquipmentCategoryAction(values),
        );
      }}
    >
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField
        label="Description"
        hint="Optional. What belongs in it, e.g. motors, truss, shackles."
        errors={errors.description}
      >
        <Textarea
          name="description"
          value={description}
          rows={3}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <RecordFormFooter
        pending={pending}
        submitLabel={category ? "Save changes" : "Create equipment category"}
      />
    </form>
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

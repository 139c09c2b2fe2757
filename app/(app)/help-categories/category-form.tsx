"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { CheckList } from "@/components/ui/check-list";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { HelpCategoryView } from "@/lib/services/help";
import { createHelpCategoryAction, updateHelpCategoryAction } from "./actions";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";

export type RoleOption = { id: number; name: string };

export function HelpCategoryDialog({
  open,
  onOpenChange,
  category,
  roles,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  category?: HelpCategoryView;
  roles: RoleOption[];
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? "Edit help category" : "New help category"}
      description="Readers see a category when it is meant for one of their roles, or for everyone."
    >
      {() => (
        <HelpCategoryForm category={category} roles={roles} onDone={() => onOpenChange(false)} />
      )}
    </RecordDialog>
  );
}

function HelpCategoryForm({
  category,
  roles,
  onDone,
}: {
  category?: HelpCategoryView;
  roles: RoleOption[];
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [targetRoles, setTargetRoles] = useState<number[]>(category?.target_roles ?? []);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, description, target_roles: targetRoles };
        submit(() =>
          category
            ? updateHelpCategoryAction(category.id, values)
            : createHelpCategoryAction(values),
        );
      }}
    >
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={LABEL_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField
        label="Description"
        hint="Optional. Shown under the name in the help centre."
        errors={errors.description}
      >
        <Textarea
          name="description"
          value={description}
          rows={3}
          maxLength={COMMENT_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <CheckList
        legend="Meant for"
        hint="Leave every role unticked to show the category to everyone."
        options={roles}
        value={targetRoles}
        onChange={setTargetRoles}
        errors={errors.target_roles}
      />
      <RecordFormFooter
        pending={pending}
        submitLabel={category ? "Save changes" : "Create help category"}
      />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewHelpCategoryButton({ roles }: { roles: RoleOption[] }) {
  return (
    <NewRecordButton
      label="New help category"
      renderDialog={(open, onOpenChange) => (
        <HelpCategoryDialog open={open} onOpenChange={onOpenChange} roles={roles} />
      )}
    />
  );
}

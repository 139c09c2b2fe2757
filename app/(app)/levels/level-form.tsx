"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { LevelView } from "@/lib/services/levels";
import { createLevelAction, updateLevelAction } from "./actions";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";

export function LevelDialog({
  open,
  onOpenChange,
  level,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  level?: LevelView;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={level ? "Edit level" : "New level"}
      description={
        level
          ? "The name is shown on workers' skills and rates."
          : "A new level goes to the top of the order; drag it into place under Order."
      }
    >
      {() => <LevelForm level={level} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function LevelForm({ level, onDone }: { level?: LevelView; onDone: () => void }) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(level?.name ?? "");
  const [description, setDescription] = useState(level?.description ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, description };
        submit(() => (level ? updateLevelAction(level.id, values) : createLevelAction(values)));
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
        hint="Optional. What a worker at this level can do, e.g. two or more years on site."
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
      <RecordFormFooter pending={pending} submitLabel={level ? "Save changes" : "Create level"} />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewLevelButton() {
  return (
    <NewRecordButton
      label="New level"
      renderDialog={(open, onOpenChange) => <LevelDialog open={open} onOpenChange={onOpenChange} />}
    />
  );
}

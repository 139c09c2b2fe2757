"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
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
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dressCode ? "Edit dress code" : "New dress code"}
      description="The name is shown on jobs and shifts; the description tells crew what to wear."
    >
      {() => <DressCodeForm dressCode={dressCode} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function DressCodeForm({ dressCode, onDone }: { dressCode?: DressCodeView; onDone: () => void }) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(dressCode?.name ?? "");
  const [description, setDescription] = useState(dressCode?.description ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, description };
        submit(() =>
          dressCode ? updateDressCodeAction(dressCode.id, values) : createDressCodeAction(values),
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
        hint="Optional. For example: black trousers, white shirt, closed black shoes."
        errors={errors.description}
      >
        <Textarea
          name="description"
          value={description}
          rows={4}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <RecordFormFooter
        pending={pending}
        submitLabel={dressCode ? "Save changes" : "Create dress code"}
      />
    </form>
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

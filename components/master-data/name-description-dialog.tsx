"use client";

import { useState } from "react";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/http/action";
import { RecordDialog, RecordFormFooter, useRecordSubmit } from "./record-dialog";
import { LABEL_MAX } from "@/lib/domain/text-limits";

type Values = { name: string; description: string };
type Save = (values: Values) => Promise<ActionResult<{ message: string }>>;

/**
 * The create/edit dialog of a list whose records are a name and a description (dress codes,
 * equipment categories, permissions): the screen gives its words and its two server actions.
 */
export function NameDescriptionDialog({
  open,
  onOpenChange,
  record,
  noun,
  title,
  intro,
  nameHint,
  nameReadOnly,
  descriptionHint,
  descriptionRows = 3,
  descriptionMax = 2000,
  create,
  update,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  record?: { id: number; name: string; description: string | null };
  /** The thing in words, lower case: "dress code". */
  noun: string;
  /** Replaces "Edit <noun>" / "New <noun>". */
  title?: string;
  intro: string;
  nameHint?: string;
  nameReadOnly?: boolean;
  descriptionHint: string;
  descriptionRows?: number;
  descriptionMax?: number;
  create: Save;
  update: (id: number, values: Values) => Promise<ActionResult<{ message: string }>>;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? (record ? `Edit ${noun}` : `New ${noun}`)}
      description={intro}
    >
      {() => (
        <NameDescriptionForm
          record={record}
          noun={noun}
          nameHint={nameHint}
          nameReadOnly={nameReadOnly}
          descriptionHint={descriptionHint}
          descriptionRows={descriptionRows}
          descriptionMax={descriptionMax}
          save={(values) => (record ? update(record.id, values) : create(values))}
          onDone={() => onOpenChange(false)}
        />
      )}
    </RecordDialog>
  );
}

function NameDescriptionForm(props: {
  record?: { id: number; name: string; description: string | null };
  noun: string;
  nameHint?: string;
  nameReadOnly?: boolean;
  descriptionHint: string;
  descriptionRows: number;
  descriptionMax: number;
  save: Save;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(props.onDone);
  const [name, setName] = useState(props.record?.name ?? "");
  const [description, setDescription] = useState(props.record?.description ?? "");
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit(() => props.save({ name, description }));
      }}
    >
      <FormField label="Name" errors={errors.name} required hint={props.nameHint}>
        <Input
          name="name"
          value={name}
          maxLength={LABEL_MAX}
          autoComplete="off"
          spellCheck={props.nameReadOnly === undefined ? undefined : false}
          readOnly={props.nameReadOnly}
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField label="Description" hint={props.descriptionHint} errors={errors.description}>
        <Textarea
          name="description"
          value={description}
          rows={props.descriptionRows}
          maxLength={props.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <RecordFormFooter
        pending={pending}
        submitLabel={props.record ? "Save changes" : `Create ${props.noun}`}
      />
    </form>
  );
}

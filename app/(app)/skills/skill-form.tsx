"use client";

import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { SkillView } from "@/lib/services/skills";
import { createSkillAction, updateSkillAction } from "./actions";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";

/** Under which parent a new skill goes: none (a parent skill) or one parent skill. */
type Parent = { id: number; name: string } | null;

export function SkillDialog({
  open,
  onOpenChange,
  skill,
  parent = null,
  parents = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  skill?: SkillView;
  /** The parent a new sub-skill goes under. */
  parent?: Parent;
  /** The parent skills an edited sub-skill may move to. */
  parents?: { id: number; name: string }[];
}) {
  const isSub = skill ? skill.parent_id !== null : parent !== null;
  const title = skill
    ? `Edit ${isSub ? "sub-skill" : "parent skill"}`
    : parent
      ? `New sub-skill of ${parent.name}`
      : "New parent skill";
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        isSub
          ? "Sub-skills are what shifts ask for and workers offer: slots, profiles and rates use them."
          : "A parent skill groups its sub-skills in the job form's skill picker and on profiles."
      }
    >
      {() => (
        <SkillForm
          skill={skill}
          parent={parent}
          parents={parents}
          onDone={() => onOpenChange(false)}
        />
      )}
    </RecordDialog>
  );
}

function SkillForm({
  skill,
  parent,
  parents,
  onDone,
}: {
  skill?: SkillView;
  parent: Parent;
  parents: { id: number; name: string }[];
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(skill?.name ?? "");
  const [description, setDescription] = useState(skill?.description ?? "");
  // An edited sub-skill may move to another parent skill.
  const movable = skill?.parent_id != null && parents.length > 1;
  const [parentId, setParentId] = useState(String(skill?.parent_id ?? ""));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit(() =>
          skill
            ? updateSkillAction(skill.id, {
                name,
                description,
                ...(movable ? { parent_id: Number(parentId) } : {}),
              })
            : createSkillAction({ name, description, parent_id: parent?.id ?? null }),
        );
      }}
    >
      {errors.parent_id && !movable && (
        <p role="alert" className="text-sm text-danger-700">
          {errors.parent_id[0]}
        </p>
      )}
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={LABEL_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      {movable && (
        <FormField
          label="Parent skill"
          hint="Moving it keeps the shifts, profiles and rates that use it; it goes last under its new parent."
          errors={errors.parent_id}
          required
        >
          <Select name="parent_id" value={parentId} onChange={(e) => setParentId(e.target.value)}>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField
        label="Description"
        hint="Optional. What the skill involves, licences or experience it needs."
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
      <RecordFormFooter
        pending={pending}
        submitLabel={skill ? "Save changes" : parent ? "Add sub-skill" : "Create parent skill"}
      />
    </form>
  );
}

/** The page's primary action: a new parent skill. */
export function NewParentSkillButton() {
  return (
    <NewRecordButton
      label="New parent skill"
      renderDialog={(open, onOpenChange) => <SkillDialog open={open} onOpenChange={onOpenChange} />}
    />
  );
}

/** "Add sub-skill" on a parent skill's card. */
export function AddSubSkillButton({ parent }: { parent: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <Plus aria-hidden /> Add sub-skill<span className="sr-only"> to {parent.name}</span>
      </Button>
      <SkillDialog open={open} onOpenChange={setOpen} parent={parent} />
    </>
  );
}

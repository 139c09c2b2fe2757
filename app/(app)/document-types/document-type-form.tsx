"use client";

import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { CheckList } from "@/components/ui/check-list";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { DocumentTypeView } from "@/lib/services/document-types";
import { createDocumentTypeAction, updateDocumentTypeAction } from "./actions";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";

export interface DocumentTypeFormOptions {
  roles: { id: number; name: string }[];
  skills: { id: number; name: string }[];
}

/** The create/edit form in a dialog; the server validates, its errors show in place. */
export function DocumentTypeDialog({
  open,
  onOpenChange,
  documentType,
  options,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documentType?: DocumentTypeView;
  options: DocumentTypeFormOptions;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={documentType ? "Edit document type" : "New document type"}
      description="What workers upload: who must hold it, which skills need it, and whether it expires."
    >
      {() => (
        <DocumentTypeForm
          documentType={documentType}
          options={options}
          onDone={() => onOpenChange(false)}
        />
      )}
    </RecordDialog>
  );
}

function DocumentTypeForm({
  documentType: t,
  options,
  onDone,
}: {
  documentType?: DocumentTypeView;
  options: DocumentTypeFormOptions;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(t?.name ?? "");
  const [description, setDescription] = useState(t?.description ?? "");
  const [isRequired, setIsRequired] = useState(t?.is_required ?? false);
  const [roleIds, setRoleIds] = useState<number[]>(t?.role_ids ?? []);
  const [skillIds, setSkillIds] = useState<number[]>(t?.skill_ids ?? []);
  const [hasExpiry, setHasExpiry] = useState(t?.has_expiry ?? false);
  const [warningMonths, setWarningMonths] = useState(String(t?.warning_months ?? 1));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = {
          name,
          description,
          is_required: isRequired,
          role_ids: isRequired ? roleIds : [],
          skill_ids: skillIds,
          has_expiry: hasExpiry,
          warning_months: warningMonths,
        };
        submit(() =>
          t ? updateDocumentTypeAction(t.id, values) : createDocumentTypeAction(values),
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
        hint="Optional. What counts as this document."
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
      <Checkbox
        label="Required"
        hint="Workers must hold a valid one to count as having valid documents."
        checked={isRequired}
        onChange={(e) => setIsRequired(e.target.checked)}
        errors={errors.is_required}
      />
      {isRequired && (
        <CheckList
          legend="Required for roles"
          hint="None ticked: required for every worker."
          options={options.roles}
          value={roleIds}
          onChange={setRoleIds}
          errors={errors.role_ids}
        />
      )}
      <CheckList
        legend="Skills that need it"
        hint="Booking a worker on one of these skills without a valid document shows a warning."
        options={options.skills}
        value={skillIds}
        onChange={setSkillIds}
        errors={errors.skill_ids}
      />
      <Checkbox
        label="Has an expiry date"
        hint="Uploads then ask for the date the document runs out."
        checked={hasExpiry}
        onChange={(e) => setHasExpiry(e.target.checked)}
        errors={errors.has_expiry}
      />
      {hasExpiry && (
        <FormField
          label="Warning months"
          hint="How many months before the expiry date the worker and the office are warned (0–24)."
          errors={errors.warning_months}
        >
          <Input
            name="warning_months"
            type="number"
            inputMode="numeric"
            min={0}
            max={24}
            value={warningMonths}
            onChange={(e) => setWarningMonths(e.target.value)}
            className="w-28"
          />
        </FormField>
      )}
      <RecordFormFooter
        pending={pending}
        submitLabel={t ? "Save changes" : "Create document type"}
      />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewDocumentTypeButton({ options }: { options: DocumentTypeFormOptions }) {
  return (
    <NewRecordButton
      label="New document type"
      renderDialog={(open, onOpenChange) => (
        <DocumentTypeDialog open={open} onOpenChange={onOpenChange} options={options} />
      )}
    />
  );
}

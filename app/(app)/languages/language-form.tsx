"use client";

import { useState } from "react";
import { FormField, Input } from "@/components/ui/form-field";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { LanguageView } from "@/lib/services/languages";
import { createLanguageAction, updateLanguageAction } from "./actions";
import { LABEL_MAX } from "@/lib/domain/text-limits";

export function LanguageDialog({
  open,
  onOpenChange,
  language,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  language?: LanguageView;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={language ? "Edit language" : "New language"}
      description="People pick the languages they speak on their profile; the freelancer search filters by them."
    >
      {() => <LanguageForm language={language} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function LanguageForm({ language, onDone }: { language?: LanguageView; onDone: () => void }) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(language?.name ?? "");
  const [code, setCode] = useState(language?.code ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, code };
        submit(() =>
          language ? updateLanguageAction(language.id, values) : createLanguageAction(values),
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
        label="Code"
        hint="The ISO 639-1 code: two lower-case letters, e.g. en, da, de."
        errors={errors.code}
        required
      >
        <Input
          name="code"
          value={code}
          maxLength={2}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="w-24"
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <RecordFormFooter
        pending={pending}
        submitLabel={language ? "Save changes" : "Create language"}
      />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewLanguageButton() {
  return (
    <NewRecordButton
      label="New language"
      renderDialog={(open, onOpenChange) => (
        <LanguageDialog open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

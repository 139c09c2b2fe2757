"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { DialogClose, DialogFooter } from "@/components/ui/dialog-lazy";
import { fileInputClass } from "@/components/ui/file-input";
import { FieldErrors, FormField } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import type { DocumentView } from "@/lib/services/documents";
import { DOCUMENT_ACCEPT, DOCUMENT_FILE_HINT, sendDocument } from "./send-document";

/**
 * Replace's form (in its dialog, documents-panel.tsx): a new file and/or a new expiry date;
 * either sends the document back for review. Its own module, fetched when a Replace is first
 * opened, so it stays out of the documents tab's first load.
 */
export function ReplaceForm({ doc, onDone }: { doc: DocumentView; onDone: () => void }) {
  const router = useRouter();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState(doc.expires_on ?? "");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const dateChanged = doc.document_type.has_expiry && expiresOn !== (doc.expires_on ?? "");

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const r = await sendDocument(`/api/v2/documents/${doc.id}`, "PUT", {
          file,
          expires_on: dateChanged ? expiresOn : null,
        });
        setBusy(false);
        if (!r.ok) {
          setErrors(r.errors);
          notify.error(r.message);
          return;
        }
        notify.success(r.message);
        onDone();
        router.refresh();
      }}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-gray-900">
          New file
        </label>
        <input
          id={fileId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
          aria-invalid={errors.file ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className={fileInputClass}
        />
        <p id={`${fileId}-hint`} className="text-sm text-gray-600">
          {DOCUMENT_FILE_HINT} Leave empty to keep {doc.file_name}.
        </p>
        <FieldErrors id={`${fileId}-error`} messages={errors.file ?? []} />
      </div>
      {doc.document_type.has_expiry && (
        <FormField label="Expiry date" errors={errors.expires_on} required>
          <DateInput name="expires_on" value={expiresOn} onValueChange={setExpiresOn} />
        </FormField>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

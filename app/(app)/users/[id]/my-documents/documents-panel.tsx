"use client";

import { lazy, Suspense, useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { fileInputClass } from "@/components/ui/file-input";
import { FieldErrors, FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import type { DocumentTypeOption } from "@/lib/services/document-types";
import type { DocumentView } from "@/lib/services/documents";
import { deleteDocumentAction } from "./actions";
import { DOCUMENT_ACCEPT, DOCUMENT_FILE_HINT, sendDocument } from "./send-document";

// Fetched when a Replace is first opened: most visits replace nothing.
const ReplaceForm = lazy(() => import("./replace-form").then((m) => ({ default: m.ReplaceForm })));

/**
 * The documents tab's client code: the upload form and each document's Replace and Delete. The
 * documents themselves (name, state, dates, download) and the upload form's card are drawn by
 * the server (document-card.tsx, page.tsx) so their icons, badge, date wording and card stay out
 * of the tab's first load.
 */
export function UploadForm({
  userId,
  self,
  types,
}: {
  userId: number;
  self: boolean;
  types: DocumentTypeOption[];
}) {
  const router = useRouter();
  const fileId = useId();
  const [typeId, setTypeId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const type = types.find((t) => String(t.id) === typeId);

  const submit = async () => {
    setBusy(true);
    const r = await sendDocument("/api/v2/documents", "POST", {
      document_type_id: typeId,
      file,
      expires_on: type?.has_expiry ? expiresOn : null,
      user_id: self ? null : String(userId),
    });
    setBusy(false);
    if (!r.ok) {
      setErrors(r.errors);
      notify.error(r.message);
      return;
    }
    setErrors({});
    notify.success(r.message);
    setTypeId("");
    setFile(null);
    setExpiresOn("");
    setInputKey((k) => k + 1);
    router.refresh();
  };

  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label="Document type" errors={errors.document_type_id} required>
        <Select
          name="document_type_id"
          value={typeId}
          placeholder="Choose a type"
          onChange={(e) => setTypeId(e.target.value)}
        >
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.is_required ? " (required)" : ""}
            </option>
          ))}
        </Select>
      </FormField>
      {type?.has_expiry && (
        <FormField
          label="Expiry date"
          hint="The last day the document is valid."
          errors={errors.expires_on}
          required
        >
          <DateInput name="expires_on" value={expiresOn} onValueChange={setExpiresOn} />
        </FormField>
      )}
      <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
        <label htmlFor={fileId} className="text-sm font-medium text-gray-900">
          File
        </label>
        <input
          key={inputKey}
          id={fileId}
          name="file"
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
          aria-invalid={errors.file ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className={fileInputClass}
        />
        <p id={`${fileId}-hint`} className="text-sm text-gray-600">
          {DOCUMENT_FILE_HINT}
        </p>
        <FieldErrors id={`${fileId}-error`} messages={errors.file ?? []} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>
          Upload document
        </Button>
      </div>
    </form>
  );
}

/** A document's Replace and Delete, with their dialogs (fetched when first opened). */
export function DocumentActions({
  doc,
  self,
  readOnly,
}: {
  doc: DocumentView;
  self: boolean;
  /** The viewer may download, not change (who may manage whom). */
  readOnly: boolean;
}) {
  const router = useRouter();
  const [replaceOpen, setReplaceOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [pending, start] = useTransition();
  // The owner removes only what the office has not approved; the office anything.
  const canDelete = !readOnly && (!self || doc.status !== "approved");
  const remove = () =>
    start(async () => {
      const r = await deleteDocumentAction(doc.id);
      if (!r.ok) {
        notify.error(r.message);
        return;
      }
      setDeleteOpen(false);
      notify.success(r.data.message);
      router.refresh();
    });

  return (
    <>
      {!readOnly && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setReplaceOpen(true)}
          aria-label={`Replace ${doc.document_type.name}`}
        >
          Replace
        </Button>
      )}
      {canDelete && (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-700 hover:text-danger-800"
          onClick={() => setDeleteOpen(true)}
          aria-label={`Delete ${doc.document_type.name}`}
        >
          Delete
        </Button>
      )}
      <ReplaceDialog doc={doc} open={replaceOpen} onOpenChange={setReplaceOpen} />
      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <DialogContent
          title={`Delete ${doc.document_type.name}?`}
          description={`${doc.file_name} is removed for good.`}
          size="sm"
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep it
              </Button>
            </DialogClose>
            <Button variant="danger" loading={pending} onClick={remove}>
              Delete document
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A new file and/or a new expiry date; either sends the document back for review. */
function ReplaceDialog({
  doc,
  open,
  onOpenChange,
}: {
  doc: DocumentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Replace ${doc.document_type.name}`}
        description="A new file or expiry date goes back to the office for review."
      >
        {open && (
          <Suspense fallback={null}>
            <ReplaceForm doc={doc} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

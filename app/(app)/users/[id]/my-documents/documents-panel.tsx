"use client";

import { useId, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Download, FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { FieldErrors, FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import { formatDay } from "@/lib/domain/document-badge";
import type { DocumentTypeOption } from "@/lib/services/document-types";
import type { DocumentView, documentsOverview } from "@/lib/services/documents";
import { deleteDocumentAction } from "./actions";
import { DocumentStatusBadge } from "./document-badge";
import { sendDocument } from "./send-document";

type Overview = Awaited<ReturnType<typeof documentsOverview>>;
type Errors = Record<string, string[]>;

const FILE_CLASS =
  "max-w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-control file:border file:border-gray-400 file:bg-white file:px-3 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50 sm:file:min-h-10";
const FILE_HINT = "PDF, JPEG, PNG or WebP, at most 10 MB.";

/**
 * The documents tab's upload form and every document with its state. What needs attention, the
 * refusal and the empty list are drawn by the server (page.tsx): the alert's tone icons and
 * the empty state's stay out of the tab's first load.
 */
export function DocumentsPanel({
  overview,
  types,
  refusal,
  empty,
}: {
  overview: Overview;
  types: DocumentTypeOption[];
  /** Shown instead of the upload form when `overview.refusal` is set. */
  refusal: ReactNode;
  /** Shown when there are no documents. */
  empty: ReactNode;
}) {
  const { documents } = overview;
  return (
    <div className="flex flex-col gap-6">
      {overview.refusal ? (
        refusal
      ) : (
        <UploadForm userId={overview.user_id} self={overview.self} types={types} />
      )}
      <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
        <h2 id="documents-heading" className="text-lg font-semibold text-gray-900">
          Uploaded documents
        </h2>
        {documents.length === 0 ? (
          empty
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Documents">
            {documents.map((d) => (
              <DocumentCard key={d.id} doc={d} self={overview.self} readOnly={!!overview.refusal} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function UploadForm({
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
  const [errors, setErrors] = useState<Errors>({});
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
    <Card>
      <CardHeader>
        <CardTitle>Upload a document</CardTitle>
      </CardHeader>
      <CardContent>
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
              accept="application/pdf,image/jpeg,image/png,image/webp"
              aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
              aria-invalid={errors.file ? true : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={FILE_CLASS}
            />
            <p id={`${fileId}-hint`} className="text-sm text-gray-600">
              {FILE_HINT}
            </p>
            <FieldErrors id={`${fileId}-error`} messages={errors.file ?? []} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={busy}>
              Upload document
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function DocumentCard({
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
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 gap-3">
            <FileText className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                {doc.document_type.name}
                <DocumentStatusBadge badge={doc.badge} daysLeft={doc.days_left} />
              </p>
              <p className="text-sm break-all text-gray-700">{doc.file_name}</p>
              <p className="text-sm text-gray-600">
                {doc.expires_on ? `Valid until ${formatDay(doc.expires_on)}` : "No expiry date"}
                {" · "}Uploaded {formatDay(new Date(doc.created_at).toISOString().slice(0, 10))}
              </p>
              {doc.status === "declined" && doc.decline_reason && (
                <p className="mt-1 text-sm text-danger-800">Reason: {doc.decline_reason}</p>
              )}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <a
              href={doc.file_url}
              className="inline-flex min-h-11 items-center gap-1 rounded-control px-3 text-sm font-medium text-accent-700 hover:underline sm:min-h-9"
              aria-label={`Download ${doc.document_type.name}`}
            >
              <Download className="size-4" aria-hidden /> Download
            </a>
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
          </div>
        </CardContent>
      </Card>
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
    </li>
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
        {open && <ReplaceForm doc={doc} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReplaceForm({ doc, onDone }: { doc: DocumentView; onDone: () => void }) {
  const router = useRouter();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState(doc.expires_on ?? "");
  const [errors, setErrors] = useState<Errors>({});
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
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ""}`}
          aria-invalid={errors.file ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className={FILE_CLASS}
        />
        <p id={`${fileId}-hint`} className="text-sm text-gray-600">
          {FILE_HINT} Leave empty to keep {doc.file_name}.
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

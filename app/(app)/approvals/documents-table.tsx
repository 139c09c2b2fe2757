"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { FileText, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { FormField, Textarea } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { PendingDocumentRow } from "@/lib/services/approvals";
import { COMMENT_MAX } from "@/lib/domain/text-limits";
import { reviewDocumentAction } from "./actions";

/** A row as the page hands it over: the upload time already formatted on the server. */
export type PendingDocumentView = PendingDocumentRow & { uploaded: string };

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const EXPIRY: Record<
  PendingDocumentRow["expiry"],
  { label: string; tone: "warning" | "danger" } | null
> = {
  none: null,
  valid: null,
  expiring: { label: "Expires soon", tone: "warning" },
  expired: { label: "Expired", tone: "danger" },
};

function RowActions({ doc }: { doc: PendingDocumentView }) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [running, setRunning] = useState<"approved" | "declined" | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<string[] | null>(null);
  const label = `${doc.type.name} of ${doc.user.name}`;

  const review = (status: "approved" | "declined") => {
    setRunning(status);
    start(async () => {
      const r = await reviewDocumentAction(
        doc.id,
        status === "declined"
          ? { status, reason, version: doc.version }
          : { status, version: doc.version },
      );
      setRunning(null);
      if (!r.ok) {
        if (r.errors?.reason) return setErrors(r.errors.reason);
        notify.error(r.message);
        // Decided meanwhile, or replaced by its owner ("look at it again"): the row is read
        // again, and a decline written for the old file is not left one click from sending.
        if (r.status === 409) {
          if (r.type === "stale_document") setOpen(false);
          router.refresh();
        }
        return;
      }
      setOpen(false);
      // "First-aid certificate of Oskar Lindqvist declined": which one went through (the API
      // keeps the spec's message).
      notify.success(`${label} ${status}`);
      router.refresh();
    });
  };

  if (doc.refusal)
    return (
      <p className="flex max-w-56 items-start gap-1.5 text-sm text-gray-700 sm:ml-auto">
        <Lock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
        <span>{doc.refusal}</span>
      </p>
    );

  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      <Button
        size="sm"
        loading={running === "approved"}
        disabled={busy}
        aria-label={`Approve ${label}`}
        onClick={() => review("approved")}
      >
        Approve
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`Decline ${label}`}
        onClick={() => {
          setErrors(null);
          setOpen(true);
        }}
      >
        Decline
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Decline ${label}?`}
          description="Say what is wrong, so the worker knows what to upload instead. They see the reason on their documents page and get it by e-mail."
        >
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) return setErrors(["A reason is required to decline a document."]);
              review("declined");
            }}
            className="flex flex-col gap-4"
          >
            <FormField label="Reason" required errors={errors}>
              <Textarea
                name="reason"
                value={reason}
                maxLength={COMMENT_MAX}
                onChange={(e) => {
                  setReason(e.target.value);
                  setErrors(null);
                }}
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" loading={running === "declined"}>
                Decline document
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

const columns: ColumnDef<PendingDocumentView>[] = [
  {
    id: "document",
    header: "Document",
    cell: ({ row }) => {
      const d = row.original;
      return (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium break-words">{d.type.name}</span>
          <a
            href={d.file_url}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-sm [overflow-wrap:anywhere] text-accent-700 hover:underline"
          >
            <FileText aria-hidden className="size-4 shrink-0" />
            {d.file_name}
            <span className="sr-only"> (opens the file)</span>
          </a>
        </span>
      );
    },
    meta: { label: "Document", mobileTitle: true },
  },
  {
    id: "user",
    header: "Uploaded by",
    cell: ({ row }) => {
      const u = row.original.user;
      return (
        <span className="flex min-w-0 flex-col items-start gap-0.5">
          <NavLink
            href={`/users/${u.id}/my-documents`}
            className="break-words text-accent-700 hover:underline"
          >
            {u.name}
          </NavLink>
          {!u.approved && <Badge tone="warning">Applicant</Badge>}
        </span>
      );
    },
    meta: { label: "Uploaded by" },
  },
  {
    id: "uploaded",
    header: "Uploaded",
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{row.original.uploaded}</span>
    ),
    meta: { label: "Uploaded" },
  },
  {
    id: "expires",
    header: "Expires",
    cell: ({ row }) => {
      const d = row.original;
      if (!d.expires_on) return <span className="text-gray-600">No expiry</span>;
      const state = EXPIRY[d.expiry];
      return (
        <span className="flex flex-wrap items-center gap-1">
          <span className="whitespace-nowrap tabular-nums">{day(d.expires_on)}</span>
          {state && <Badge tone={state.tone}>{state.label}</Badge>}
        </span>
      );
    },
    meta: { label: "Expires" },
  },
  {
    id: "actions",
    header: "",
    cell: ({ row }) => <RowActions doc={row.original} />,
    meta: { label: "", align: "right" },
  },
];

export function DocumentsTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
}: {
  items: PendingDocumentView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Documents awaiting review"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      getRowId={(row) => String(row.id)}
    />
  );
}

"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  notify,
  useQueryNavigation,
  type PaginationMeta,
} from "@/components/ui";
import type { DocumentTypeView } from "@/lib/services/document-types";
import { deleteDocumentTypeAction } from "./actions";
import { DocumentTypeDialog, type DocumentTypeFormOptions } from "./document-type-form";

const docsText = (n: number) => (n === 1 ? "1 document" : `${n} documents`);

function requiredText(t: DocumentTypeView): string {
  if (!t.is_required) return "Optional";
  return t.roles.length
    ? `Required for ${t.roles.map((r) => r.title).join(", ")}`
    : "Required for every worker";
}

function columns(
  onEdit: (row: DocumentTypeView) => void,
  onDelete: (row: DocumentTypeView) => void,
): ColumnDef<DocumentTypeView>[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row }) => (
        <div className="min-w-0 sm:min-w-44">
          <span className="font-medium">{row.original.name}</span>
          {row.original.description && (
            <p className="line-clamp-2 text-sm text-gray-600 sm:max-w-md">
              {row.original.description}
            </p>
          )}
        </div>
      ),
      meta: { label: "Name", mobileTitle: true },
    },
    {
      id: "required",
      header: "Required",
      cell: ({ row }) => (
        <Badge tone={row.original.is_required ? "accent" : "neutral"}>
          {requiredText(row.original)}
        </Badge>
      ),
      meta: { label: "Required" },
    },
    {
      id: "skills",
      header: "Skills that need it",
      cell: ({ row }) =>
        row.original.skills.length ? (
          <span>{row.original.skills.map((s) => s.name).join(", ")}</span>
        ) : (
          <span className="text-gray-600">—</span>
        ),
      meta: { label: "Skills that need it" },
    },
    {
      id: "expiry",
      header: "Expiry",
      cell: ({ row }) =>
        row.original.has_expiry ? (
          <span className="whitespace-nowrap">
            Warn {row.original.warning_months}{" "}
            {row.original.warning_months === 1 ? "month" : "months"} ahead
          </span>
        ) : (
          <span className="text-gray-600">Does not expire</span>
        ),
      meta: { label: "Expiry" },
    },
    {
      id: "documents",
      header: "Uploaded",
      cell: ({ row }) => (
        <span className="tabular-nums">{docsText(row.original.documents_count)}</span>
      ),
      meta: { label: "Uploaded", cellClassName: "whitespace-nowrap" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => (
        <div className="flex gap-2 sm:justify-end">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${row.original.name}`}
            onClick={() => onEdit(row.original)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:text-danger-800"
            aria-label={`Delete ${row.original.name}`}
            onClick={() => onDelete(row.original)}
          >
            Delete
          </Button>
        </div>
      ),
      meta: { label: "", align: "right" },
    },
  ];
}

export function DocumentTypesTable({
  items,
  meta,
  options,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: DocumentTypeView[];
  meta: PaginationMeta;
  options: DocumentTypeFormOptions;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const router = useRouter();
  const { navigate } = useQueryNavigation();
  const [pending, start] = useTransition();
  const [editing, setEditing] = useState<DocumentTypeView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<DocumentTypeView | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const used = deleting?.documents_count ?? 0;

  const remove = (row: DocumentTypeView) =>
    start(async () => {
      const r = await deleteDocumentTypeAction(row.id);
      if (!r.ok) {
        notify.error(r.message);
        return;
      }
      setDeleteOpen(false);
      notify.success(r.data.message);
      if (items.length === 1 && meta.current_page > 1)
        navigate({ page: meta.current_page > 2 ? meta.current_page - 1 : null });
      else router.refresh();
    });

  return (
    <>
      <DataTable
        columns={columns(
          (row) => {
            setEditing(row);
            setEditOpen(true);
          },
          (row) => {
            setDeleting(row);
            setDeleteOpen(true);
          },
        )}
        data={items}
        meta={meta}
        caption="Document types"
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        emptyAction={emptyAction}
        getRowId={(row) => String(row.id)}
      />

      <DocumentTypeDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        documentType={editing ?? undefined}
        options={options}
      />

      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <DialogContent
          title={deleting ? `Delete “${deleting.name}”?` : "Delete document type?"}
          description={
            used > 0
              ? `${docsText(used)} of this type exist. It will be archived: no longer offered for uploads, still named on those documents.`
              : "No document uses it. This cannot be undone."
          }
          size="sm"
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep it
              </Button>
            </DialogClose>
            <Button variant="danger" loading={pending} onClick={() => deleting && remove(deleting)}>
              {used > 0 ? "Archive document type" : "Delete document type"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { notify } from "@/components/ui/toaster";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { ActionResult } from "@/lib/http/action";
import { runOrNetworkError } from "./record-dialog";

/** A row of a master-data list: an id and a name, and whatever the screen shows besides. */
export interface RecordRow {
  id: number;
  name: string;
}

/** Where a row is used, for the delete dialog ("3 jobs"); count 0 when unused. */
export interface RowUsage {
  count: number;
  label: string;
}

/**
 * What deleting a record in use does: "archive" (hidden from pickers, kept on history;
 * `archiveText` says what that means here) or "refuse" (the dialog says what to change
 * first, `refuseHint`, and offers no delete).
 */
export type InUse =
  { kind: "archive"; archiveText: string } | { kind: "refuse"; refuseHint: string };

export interface RecordTableProps<T extends RecordRow> {
  items: T[];
  meta: PaginationMeta;
  /** The table's caption and the screen reader's name for it, e.g. "Dress codes". */
  caption: string;
  /** The thing in words, lower case: "dress code". */
  noun: string;
  /** The columns between the name and the row actions. */
  columns: ColumnDef<T>[];
  /** Replaces the plain name cell (e.g. name with its description under it). */
  nameCell?: (row: T) => ReactNode;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
  /** Where the row is used. Absent: the row is never in use. */
  usage?: (row: T) => RowUsage;
  /**
   * What deleting a row in use does: "archive" (hidden from pickers, kept on history;
   * `archiveText` says what that means here) or "refuse" (the dialog says what to change
   * first, `refuseHint`, and offers no delete).
   */
  inUse?: InUse;
  /** The server action deleting one row; its `data.message` is the success toast. */
  deleteAction: (id: number) => Promise<ActionResult<{ message: string }>>;
  /** The edit dialog for a row, open while `open`. */
  renderEdit: (row: T, open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  /** More row actions before Edit (e.g. "Add sub-skill"). */
  rowActions?: (row: T) => ReactNode;
  /** Hide Edit and Delete for some rows (e.g. the Administrator role cannot be deleted). */
  canDelete?: (row: T) => boolean;
  /**
   * What deleting this row does, when the screen knows better than the usage text (e.g. a
   * permission whose role grants go with it). Absent or undefined: the usage text.
   */
  deleteDescription?: (row: T) => string | undefined;
}

/**
 * The table of a master-data screen (levels, branches, dress codes, …): the name, the
 * screen's columns, Edit and Delete per row. Delete asks first, saying where the row is used
 * and whether it will be archived or must be freed first; after a delete the view stays on a
 * page that exists.
 */
export function RecordTable<T extends RecordRow>(props: RecordTableProps<T>) {
  const { items, meta, noun } = props;
  const router = useRouter();
  const { navigate } = useQueryNavigation();
  const [pending, start] = useTransition();
  // The row stays set while its dialog closes, so the title does not change mid-animation.
  const [editing, setEditing] = useState<T | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const used = deleting && props.usage ? props.usage(deleting) : { count: 0, label: "" };

  const remove = (row: T) =>
    start(async () => {
      const r = await runOrNetworkError(() => props.deleteAction(row.id));
      if (!r) return;
      if (!r.ok) {
        notify.error(r.message);
        return;
      }
      setDeleteOpen(false);
      notify.success(r.data.message);
      // The last row of a later page is gone: show the page before it.
      if (items.length === 1 && meta.current_page > 1)
        navigate({ page: meta.current_page > 2 ? meta.current_page - 1 : null });
      else router.refresh();
    });

  const columns: ColumnDef<T>[] = [
    {
      id: "name",
      header: "Name",
      cell: ({ row }) =>
        props.nameCell ? (
          props.nameCell(row.original)
        ) : (
          <span className="font-medium">{row.original.name}</span>
        ),
      meta: { label: "Name", mobileTitle: true },
    },
    ...props.columns,
    {
      id: "actions",
      header: "",
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {props.rowActions?.(row.original)}
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${row.original.name}`}
            onClick={() => {
              setEditing(row.original);
              setEditOpen(true);
            }}
          >
            Edit
          </Button>
          {(props.canDelete?.(row.original) ?? true) && (
            <Button
              size="sm"
              variant="ghost"
              className="text-danger-700 hover:text-danger-800"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => {
                setDeleting(row.original);
                setDeleteOpen(true);
              }}
            >
              Delete
            </Button>
          )}
        </div>
      ),
      meta: { label: "", align: "right" },
    },
  ];

  return (
    <>
      <DataTable
        columns={columns}
        data={items}
        meta={meta}
        caption={props.caption}
        emptyTitle={props.emptyTitle}
        emptyHint={props.emptyHint}
        emptyAction={props.emptyAction}
        getRowId={(row) => String(row.id)}
      />

      {editing && props.renderEdit(editing, editOpen, setEditOpen)}

      <DeleteRecordDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        name={deleting?.name}
        noun={noun}
        usage={used}
        inUse={props.inUse}
        description={deleting ? props.deleteDescription?.(deleting) : undefined}
        pending={pending}
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}

/**
 * The delete question of a master-data record, saying where it is used and whether it will be
 * archived or must be freed first. RecordTable uses it per row; a screen that is not a table
 * (the skills tree) uses it directly.
 */
export function DeleteRecordDialog({
  open,
  onOpenChange,
  name,
  noun,
  usage,
  inUse,
  description,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record's name; the title falls back to the noun while none is chosen. */
  name?: string;
  noun: string;
  usage: RowUsage;
  inUse?: InUse;
  /** Replaces the usage sentence (e.g. which roles lose a permission). */
  description?: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const refuse = usage.count > 0 && inUse?.kind === "refuse";
  const archive = usage.count > 0 && inUse?.kind === "archive";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={name ? `Delete “${name}”?` : `Delete ${noun}?`}
        description={
          description ??
          (refuse && inUse?.kind === "refuse"
            ? `It is used by ${usage.label}. ${inUse.refuseHint}`
            : archive && inUse?.kind === "archive"
              ? `It is used by ${usage.label}. ${inUse.archiveText}`
              : `Nothing uses this ${noun}. This cannot be undone.`)
        }
        size="sm"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {refuse ? "Close" : "Keep it"}
            </Button>
          </DialogClose>
          {!refuse && (
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              {archive ? `Archive ${noun}` : `Delete ${noun}`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

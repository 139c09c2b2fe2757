"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import {
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
  inUse?: { kind: "archive"; archiveText: string } | { kind: "refuse"; refuseHint: string };
  /** The server action deleting one row; its `data.message` is the success toast. */
  deleteAction: (id: number) => Promise<ActionResult<{ message: string }>>;
  /** The edit dialog for a row, open while `open`. */
  renderEdit: (row: T, open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  /** More row actions before Edit (e.g. "Add sub-skill"). */
  rowActions?: (row: T) => ReactNode;
  /** Hide Edit and Delete for some rows (e.g. the Administrator role cannot be deleted). */
  canDelete?: (row: T) => boolean;
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
  const refuse = used.count > 0 && props.inUse?.kind === "refuse";
  const archive = used.count > 0 && props.inUse?.kind === "archive";

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

      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <DialogContent
          title={deleting ? `Delete “${deleting.name}”?` : `Delete ${noun}?`}
          description={
            refuse && props.inUse?.kind === "refuse"
              ? `It is used by ${used.label}. ${props.inUse.refuseHint}`
              : archive && props.inUse?.kind === "archive"
                ? `It is used by ${used.label}. ${props.inUse.archiveText}`
                : `Nothing uses this ${noun}. This cannot be undone.`
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
              <Button
                variant="danger"
                loading={pending}
                onClick={() => deleting && remove(deleting)}
              >
                {archive ? `Archive ${noun}` : `Delete ${noun}`}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

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
import type { DressCodeView } from "@/lib/services/dresscodes";
import { deleteDressCodeAction } from "./actions";
import { DressCodeDialog } from "./dresscode-form";

const jobsText = (n: number) => (n === 0 ? "Not used" : n === 1 ? "1 job" : `${n} jobs`);

function columns(
  onEdit: (row: DressCodeView) => void,
  onDelete: (row: DressCodeView) => void,
): ColumnDef<DressCodeView>[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      meta: { label: "Name", mobileTitle: true },
    },
    {
      id: "description",
      header: "Description",
      cell: ({ row }) =>
        row.original.description ? (
          <span className="line-clamp-2 whitespace-pre-line sm:max-w-xl">
            {row.original.description}
          </span>
        ) : (
          <span className="text-gray-600">—</span>
        ),
      meta: { label: "Description" },
    },
    {
      id: "jobs",
      header: "Used by",
      cell: ({ row }) => (
        <span className="tabular-nums">{jobsText(row.original.jobs_count ?? 0)}</span>
      ),
      meta: { label: "Used by", cellClassName: "whitespace-nowrap" },
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

export function DressCodesTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: DressCodeView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const router = useRouter();
  const { navigate } = useQueryNavigation();
  const [pending, start] = useTransition();
  // The row stays set while its dialog closes, so the title does not change mid-animation.
  const [editing, setEditing] = useState<DressCodeView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<DressCodeView | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const inUse = deleting?.jobs_count ?? 0;

  const remove = (row: DressCodeView) =>
    start(async () => {
      const r = await deleteDressCodeAction(row.id);
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
        caption="Dress codes"
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        emptyAction={emptyAction}
        getRowId={(row) => String(row.id)}
      />

      <DressCodeDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        dressCode={editing ?? undefined}
      />

      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <DialogContent
          title={deleting ? `Delete “${deleting.name}”?` : "Delete dress code?"}
          description={
            inUse > 0
              ? `It is used by ${jobsText(inUse)}. Choose another dress code on those jobs and shifts before deleting it.`
              : "It is not used by any job or shift. This cannot be undone."
          }
          size="sm"
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {inUse > 0 ? "Close" : "Keep it"}
              </Button>
            </DialogClose>
            {inUse === 0 && (
              <Button
                variant="danger"
                loading={pending}
                onClick={() => deleting && remove(deleting)}
              >
                Delete dress code
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

"use client";

import { useState, useTransition, type ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Ban, Copy, Pencil, Trash2 } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RowMenu, RowMenuItem, RowMenuSeparator } from "@/components/ui/row-menu";
import type { VenueView } from "@/lib/services/venues";
import {
  approveVenueAction,
  cloneVenueAction,
  declineVenueAction,
  deleteVenueAction,
} from "../actions";

const STATUS: Record<VenueView["status"], { label: string; tone: BadgeTone }> = {
  private: { label: "Awaiting approval", tone: "warning" },
  public: { label: "Public", tone: "success" },
  declined: { label: "Declined", tone: "danger" },
};

export function VenueStatusBadge({ status }: { status: VenueView["status"] }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

const columns: ColumnDef<VenueView>[] = [
  {
    id: "name",
    header: "Venue",
    cell: ({ row }) => {
      const v = row.original;
      return (
        <div className="flex min-w-0 flex-col">
          {v.can.edit ? (
            <NavLink
              href={`/venues/edit/${v.id}`}
              className="font-medium break-words text-accent-700 hover:underline"
            >
              {v.name}
            </NavLink>
          ) : (
            <span className="font-medium break-words">{v.name}</span>
          )}
          {v.entrance && <span className="text-xs text-gray-600">Entrance: {v.entrance}</span>}
        </div>
      );
    },
    meta: { label: "Venue", mobileTitle: true },
  },
  {
    id: "address",
    header: "Address",
    cell: ({ row }) => {
      // The country ends the address rather than taking a column: the row's actions must
      // stay on screen at 1280 px (issue 23).
      const { address, zip, city, province, country } = row.original;
      const place = [[zip, city].filter(Boolean).join(" "), province].filter(Boolean).join(", ");
      return [address, place, country.name].filter(Boolean).join(", ") || "—";
    },
    meta: { label: "Address" },
  },
  {
    id: "company",
    header: "Company",
    cell: ({ row }) => row.original.company?.name ?? "Agency",
    meta: { label: "Company" },
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <VenueStatusBadge status={row.original.status} />,
    meta: { label: "Status" },
  },
  {
    id: "actions",
    header: "",
    cell: ({ row }) => <VenueRowActions venue={row.original} />,
    meta: { label: "", align: "right", sticky: "right" },
  },
];

type Pending = "approve" | "decline" | "clone" | "delete" | null;

/** The actions the user may take on one venue (the verb decides; `can` only hides buttons). */
function VenueRowActions({ venue }: { venue: VenueView }) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [running, setRunning] = useState<Pending>(null);
  const [confirm, setConfirm] = useState<"decline" | "delete" | null>(null);

  const run = (
    kind: Exclude<Pending, null>,
    action: (
      id: number,
    ) => Promise<{ ok: true; data: { message: string } } | { ok: false; message: string }>,
  ) => {
    setRunning(kind);
    start(async () => {
      const r = await action(venue.id);
      setRunning(null);
      if (!r.ok) return void notify.error(r.message);
      setConfirm(null);
      notify.success(r.data.message);
      router.refresh();
    });
  };

  const { can } = venue;
  // One button for the row's main step (approve a venue awaiting approval, else edit it, else
  // clone it); the others sit in the row menu, so a row stays one line at 1280 px (issue 23).
  const primary = can.approve ? "approve" : can.edit ? "edit" : can.clone ? "clone" : null;
  const inMenu = {
    edit: can.edit && primary !== "edit",
    decline: can.decline,
    clone: can.clone && primary !== "clone",
    delete: can.delete,
  };
  if (!primary && !Object.values(inMenu).some(Boolean)) return null;
  return (
    <div className="flex flex-nowrap items-center justify-end gap-1">
      {primary === "edit" && (
        <NavLink
          href={`/venues/edit/${venue.id}`}
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-label={`Edit ${venue.name}`}
        >
          Edit
        </NavLink>
      )}
      {primary === "approve" && (
        <Button
          size="sm"
          loading={running === "approve"}
          disabled={busy}
          aria-label={`Approve ${venue.name}`}
          onClick={() => run("approve", approveVenueAction)}
        >
          Approve
        </Button>
      )}
      {primary === "clone" && (
        <Button
          size="sm"
          variant="secondary"
          loading={running === "clone"}
          disabled={busy}
          aria-label={`Clone ${venue.name} into My venues`}
          onClick={() => run("clone", cloneVenueAction)}
        >
          Clone
        </Button>
      )}
      {Object.values(inMenu).some(Boolean) && (
        <RowMenu label={`Actions for ${venue.name}`}>
          {inMenu.edit && (
            <RowMenuItem asChild>
              <NavLink href={`/venues/edit/${venue.id}`}>
                <Pencil aria-hidden /> Edit
              </NavLink>
            </RowMenuItem>
          )}
          {inMenu.clone && (
            <RowMenuItem disabled={busy} onSelect={() => run("clone", cloneVenueAction)}>
              <Copy aria-hidden /> Clone into My venues
            </RowMenuItem>
          )}
          {inMenu.decline && (
            <RowMenuItem disabled={busy} onSelect={() => setConfirm("decline")}>
              <Ban aria-hidden /> Decline
            </RowMenuItem>
          )}
          {inMenu.delete && (
            <>
              <RowMenuSeparator />
              <RowMenuItem tone="danger" disabled={busy} onSelect={() => setConfirm("delete")}>
                <Trash2 aria-hidden /> Delete
              </RowMenuItem>
            </>
          )}
        </RowMenu>
      )}

      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <DialogContent
          title={confirm === "delete" ? `Delete ${venue.name}?` : `Decline ${venue.name}?`}
          description={
            confirm === "delete"
              ? "Jobs that already use this venue keep it; it is no longer offered for new jobs."
              : "The venue is not made public. Its owner can change it and submit it again."
          }
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {confirm === "delete" ? "Keep the venue" : "Cancel"}
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={running === confirm}
              onClick={() =>
                confirm === "delete"
                  ? run("delete", deleteVenueAction)
                  : run("decline", declineVenueAction)
              }
            >
              {confirm === "delete" ? "Delete venue" : "Decline venue"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export function VenuesTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: VenueView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Venues"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      emptyAction={emptyAction}
      getRowId={(row) => String(row.id)}
    />
  );
}

"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Lock, Power, PowerOff, Trash2, UserRound } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RowMenu, RowMenuItem, RowMenuLabel, RowMenuSeparator } from "@/components/ui/row-menu";
import type { UserAction } from "@/components/users/change-status-button";
import { listOf, PersonCell } from "@/components/users/user-cells";
import type { UserListRow } from "@/lib/services/users";

// The dialog of an action (Radix dialog, the status form) is fetched when an action is first
// chosen, not with the list (React.lazy: next/dynamic's loader would itself join the first load).
const UserActionDialog = lazy(() =>
  import("@/components/users/change-status-button").then((m) => ({ default: m.UserActionDialog })),
);

export type UserRow = Omit<UserListRow, "created_at"> & { created_at: string };

/** "24/11/2026" from an ISO date-time, by its calendar day in UTC (the same on server and browser). */
const createdDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function StatusCell({ row }: { row: UserRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      {row.status === "active" ? (
        <Badge tone="success">Active</Badge>
      ) : (
        <Badge tone="neutral">Deactivated</Badge>
      )}
      {!row.approved && <Badge tone="warning">Awaiting approval</Badge>}
    </span>
  );
}

function columns(
  selfId: number,
  onAction: ((row: UserRow, action: UserAction) => void) | null,
  createdId: number | undefined,
): ColumnDef<UserRow>[] {
  const list: ColumnDef<UserRow>[] = [
    {
      accessorKey: "name",
      header: "Name",
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <PersonCell {...row.original} />
          {row.original.id === createdId && <Badge tone="accent">New</Badge>}
        </span>
      ),
      meta: { label: "Name", mobileTitle: true },
    },
    {
      accessorKey: "email",
      header: "E-mail",
      cell: ({ row }) => {
        // Break at the @ first; a very long address may still break anywhere.
        const [local, domain] = row.original.email.split("@");
        return (
          <span className="block min-w-32 [overflow-wrap:anywhere]">
            {local}
            <wbr />@{domain}
          </span>
        );
      },
      meta: { label: "E-mail" },
    },
    {
      id: "role",
      header: "Role",
      enableSorting: false,
      cell: ({ row }) => listOf(row.original.roles.map((r) => r.title)),
      meta: { label: "Role" },
    },
    {
      id: "skills",
      header: "Skills",
      enableSorting: false,
      cell: ({ row }) => <span className="line-clamp-2">{listOf(row.original.skills)}</span>,
      meta: { label: "Skills" },
    },
    {
      id: "branch",
      header: "Branch",
      enableSorting: false,
      // A client contact has no branch: its company stands there, marked as the client.
      cell: ({ row }) =>
        listOf(
          row.original.branches.length || !row.original.company
            ? row.original.branches.map((b) => b.name)
            : [`${row.original.company.name} (client)`],
        ),
      meta: { label: "Branch" },
    },
    {
      accessorKey: "status",
      header: "Status",
      cell: ({ row }) => <StatusCell row={row.original} />,
      meta: { label: "Status" },
    },
    {
      accessorKey: "created_at",
      header: "Created",
      sortDescFirst: true,
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {createdDay(row.original.created_at)}
        </span>
      ),
      meta: { label: "Created" },
    },
  ];
  if (!onAction) return list;
  return [
    ...list,
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => {
        const u = row.original;
        if (u.id === selfId) return null;
        return (
          <RowMenu label={`Actions for ${u.name}`}>
            <RowMenuItem asChild>
              <NavLink href={`/users/${u.id}/personal`}>
                <UserRound aria-hidden /> Open profile
              </NavLink>
            </RowMenuItem>
            {u.status === "active" ? (
              <RowMenuItem disabled={!u.can.manage} onSelect={() => onAction(u, "deactivate")}>
                <PowerOff aria-hidden /> Deactivate
              </RowMenuItem>
            ) : (
              <RowMenuItem disabled={!u.can.manage} onSelect={() => onAction(u, "activate")}>
                <Power aria-hidden /> Activate
              </RowMenuItem>
            )}
            <RowMenuSeparator />
            <RowMenuItem
              tone="danger"
              disabled={!u.can.manage}
              onSelect={() => onAction(u, "delete")}
            >
              <Trash2 aria-hidden /> Delete
            </RowMenuItem>
            {u.can.reason && (
              <RowMenuLabel className="flex max-w-64 items-start gap-1.5 font-normal text-gray-700">
                <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                <span>{u.can.reason}</span>
              </RowMenuLabel>
            )}
          </RowMenu>
        );
      },
      meta: { label: "", align: "right", sticky: "right" },
    },
  ];
}

export function UsersTable({
  items,
  meta,
  selfId,
  mayManage,
  createdId,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: UserRow[];
  meta: PaginationMeta;
  selfId: number;
  mayManage: boolean;
  /** The user just created (spec §2): listed first, marked, with a link to its profile. */
  createdId?: number;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  // The row stays set while its dialog closes, so the title does not change mid-animation.
  const [target, setTarget] = useState<{ row: UserRow; action: UserAction } | null>(null);
  const [open, setOpen] = useState(false);
  const created = createdId ? items.find((u) => u.id === createdId) : undefined;
  return (
    <>
      {created && (
        <Alert tone="success" role="status" className="mb-4">
          {created.name} was created.{" "}
          <NavLink href={`/users/${created.id}/personal`} className="font-medium underline">
            Open {created.name}&rsquo;s profile
          </NavLink>
        </Alert>
      )}
      <DataTable
        columns={columns(
          selfId,
          mayManage
            ? (row, action) => {
                setTarget({ row, action });
                setOpen(true);
              }
            : null,
          createdId,
        )}
        data={items}
        meta={meta}
        caption="Users"
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        emptyAction={emptyAction}
        getRowId={(row) => String(row.id)}
        density="compact"
        rowClassName={(row) =>
          row.id === created?.id ? "bg-accent-50 hover:bg-accent-50" : undefined
        }
      />
      {target && (
        <Suspense fallback={null}>
          <UserActionDialog
            user={target.row}
            action={target.action}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}

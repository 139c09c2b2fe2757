"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { PermissionChoiceGroup, RoleView } from "@/lib/services/roles";
import { deleteRoleAction } from "./actions";
import { RoleDialog } from "./role-form";

const usersText = (n: number) => (n === 0 ? "Nobody" : n === 1 ? "1 user" : `${n} users`);

export function RolesTable(props: {
  items: RoleView[];
  meta: PaginationMeta;
  groups: PermissionChoiceGroup[];
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const { groups, items, ...rest } = props;
  return (
    <RecordTable
      {...rest}
      items={items.map((r) => ({ ...r, name: r.title }))}
      caption="Roles"
      noun="role"
      nameCell={(row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{row.title}</span>
          {row.built_in && <Badge>Built-in</Badge>}
        </span>
      )}
      columns={[
        {
          id: "description",
          header: "Description",
          cell: ({ row }) =>
            row.original.description ? (
              <span className="line-clamp-2 sm:max-w-md">{row.original.description}</span>
            ) : (
              <span className="text-gray-600">—</span>
            ),
          meta: { label: "Description" },
        },
        {
          id: "permissions",
          header: "Permissions",
          cell: ({ row }) => (
            <span className="tabular-nums">
              {row.original.all_permissions ? "All" : row.original.permissions_count}
            </span>
          ),
          meta: { label: "Permissions", cellClassName: "whitespace-nowrap" },
        },
        {
          id: "users",
          header: "Held by",
          cell: ({ row }) => (
            <span className="tabular-nums">{usersText(row.original.users_count)}</span>
          ),
          meta: { label: "Held by", cellClassName: "whitespace-nowrap" },
        },
      ]}
      canDelete={(row) => !row.built_in}
      usage={(row) => ({ count: row.users_count, label: usersText(row.users_count) })}
      inUse={{
        kind: "refuse",
        refuseHint: "Give those users another role on their profile's settings tab first.",
      }}
      deleteAction={deleteRoleAction}
      renderEdit={(row, open, onOpenChange) => (
        <RoleDialog open={open} onOpenChange={onOpenChange} role={row} groups={groups} />
      )}
    />
  );
}

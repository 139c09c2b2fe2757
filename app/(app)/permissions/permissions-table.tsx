"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { PermissionView } from "@/lib/services/permissions";
import { deletePermissionAction } from "./actions";
import { PermissionDialog } from "./permission-form";

const rolesText = (n: number) => (n === 1 ? "1 role" : `${n} roles`);

export function PermissionsTable(props: {
  items: PermissionView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Permissions"
      noun="permission"
      nameCell={(row) => (
        <span className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm font-medium break-all">{row.name}</code>
            {row.built_in ? <Badge>Built-in</Badge> : <Badge tone="accent">Custom</Badge>}
          </span>
          {row.group && (
            <span className="text-xs text-gray-600">
              {row.group} · {row.label}
            </span>
          )}
        </span>
      )}
      columns={[
        {
          id: "description",
          header: "Opens",
          cell: ({ row }) =>
            row.original.description ? (
              <span className="line-clamp-3 sm:max-w-md">{row.original.description}</span>
            ) : (
              <span className="text-gray-600">—</span>
            ),
          meta: { label: "Opens" },
        },
        {
          id: "roles",
          header: "Held by",
          cell: ({ row }) =>
            row.original.roles.length ? (
              <ul
                className="flex flex-wrap gap-1"
                aria-label={`Roles holding ${row.original.name}`}
              >
                {row.original.roles.map((r) => (
                  <li key={r.id}>
                    <Badge tone="neutral">{r.title}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-gray-600">No role</span>
            ),
          meta: { label: "Held by" },
        },
      ]}
      canDelete={(row) => !row.built_in}
      deleteDescription={(row) =>
        row.roles.length
          ? `${rolesText(row.roles.length)} (${row.roles.map((r) => r.title).join(", ")}) ${row.roles.length === 1 ? "holds" : "hold"} this permission and will lose it. This cannot be undone.`
          : undefined
      }
      deleteAction={deletePermissionAction}
      renderEdit={(row, open, onOpenChange) => (
        <PermissionDialog open={open} onOpenChange={onOpenChange} permission={row} />
      )}
    />
  );
}

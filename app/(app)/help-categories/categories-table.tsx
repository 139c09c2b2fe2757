"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { HelpCategoryView } from "@/lib/services/help";
import { deleteHelpCategoryAction } from "./actions";
import { HelpCategoryDialog, type RoleOption } from "./category-form";

const articlesText = (n: number) =>
  n === 0 ? "No articles" : n === 1 ? "1 article" : `${n} articles`;

export function HelpCategoriesTable(props: {
  items: HelpCategoryView[];
  meta: PaginationMeta;
  roles: RoleOption[];
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const { roles, ...rest } = props;
  return (
    <RecordTable
      {...rest}
      caption="Help categories"
      noun="help category"
      nameCell={(row) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.name}</span>
          {row.description && (
            <span className="line-clamp-2 text-sm font-normal text-gray-600 sm:max-w-md">
              {row.description}
            </span>
          )}
        </span>
      )}
      columns={[
        {
          id: "roles",
          header: "Meant for",
          cell: ({ row }) =>
            row.original.target_role_names.length ? (
              row.original.target_role_names.join(", ")
            ) : (
              <span className="text-gray-700">Everyone</span>
            ),
          meta: { label: "Meant for" },
        },
        {
          id: "articles",
          header: "Articles",
          cell: ({ row }) => (
            <span className="tabular-nums">{articlesText(row.original.articles_count)}</span>
          ),
          meta: { label: "Articles", cellClassName: "whitespace-nowrap" },
        },
      ]}
      usage={(row) => ({ count: row.articles_count, label: articlesText(row.articles_count) })}
      inUse={{
        kind: "refuse",
        refuseHint: "Move its articles to another category or delete them before deleting it.",
      }}
      deleteAction={deleteHelpCategoryAction}
      renderEdit={(row, open, onOpenChange) => (
        <HelpCategoryDialog open={open} onOpenChange={onOpenChange} category={row} roles={roles} />
      )}
    />
  );
}

"use client";

import type { ReactNode } from "react";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { LanguageView } from "@/lib/services/languages";
import { deleteLanguageAction } from "./actions";
import { LanguageDialog } from "./language-form";

const peopleText = (n: number) => (n === 1 ? "1 person" : `${n} people`);

export function LanguagesTable(props: {
  items: LanguageView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Languages"
      noun="language"
      columns={[
        {
          id: "code",
          header: "Code",
          cell: ({ row }) => <code className="font-mono text-sm">{row.original.code}</code>,
          meta: { label: "Code" },
        },
        {
          id: "speakers",
          header: "Spoken by",
          cell: ({ row }) => {
            const n = row.original.users_count ?? 0;
            return <span className="tabular-nums">{n === 0 ? "Nobody yet" : peopleText(n)}</span>;
          },
          meta: { label: "Spoken by", cellClassName: "whitespace-nowrap" },
        },
      ]}
      usage={(row) => ({
        count: row.users_count ?? 0,
        label: peopleText(row.users_count ?? 0),
      })}
      inUse={{
        kind: "archive",
        archiveText:
          "It will be archived: no longer offered on profiles, sign-up or the freelancer filter, still shown on the profiles that list it.",
      }}
      deleteAction={deleteLanguageAction}
      renderEdit={(row, open, onOpenChange) => (
        <LanguageDialog open={open} onOpenChange={onOpenChange} language={row} />
      )}
    />
  );
}

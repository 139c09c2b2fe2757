"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
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

export function DocumentTypesTable({
  options,
  ...props
}: {
  items: DocumentTypeView[];
  meta: PaginationMeta;
  options: DocumentTypeFormOptions;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <RecordTable
      {...props}
      caption="Document types"
      noun="document type"
      nameCell={(row) => (
        <div className="min-w-0 sm:min-w-44">
          <span className="font-medium">{row.name}</span>
          {row.description && (
            <p className="line-clamp-2 text-sm font-normal text-gray-600 sm:max-w-md">
              {row.description}
            </p>
          )}
        </div>
      )}
      columns={[
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
      ]}
      usage={(row) => ({ count: row.documents_count, label: docsText(row.documents_count) })}
      inUse={{
        kind: "archive",
        archiveText:
          "It will be archived: no longer offered for uploads, still named on those documents.",
      }}
      deleteAction={deleteDocumentTypeAction}
      renderEdit={(row, open, onOpenChange) => (
        <DocumentTypeDialog
          open={open}
          onOpenChange={onOpenChange}
          documentType={row}
          options={options}
        />
      )}
    />
  );
}

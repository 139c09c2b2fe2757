"use client";

import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Download } from "lucide-react";
import { DataTable } from "@/components/ui/data-table";
import { buttonClass } from "@/components/ui/button";
import type { PaginationMeta } from "@/components/ui/pagination";
import { QuoteStatusBadge, quotePdfHref, workDates } from "@/components/quotes/quote-status";
import { formatMoney } from "@/lib/domain/money";
import { quoteActions } from "@/lib/domain/quotes";
import { isoToDisplay } from "@/lib/domain/time-entry";
import type { QuoteListDetails } from "@/lib/services/quotes/list-details";
import type { QuoteListItem } from "@/lib/services/quotes/list";
import { QuoteCommands } from "../quote-commands";

export type QuoteRow = QuoteListItem & { details: QuoteListDetails | null };

function columns(client: boolean): ColumnDef<QuoteRow>[] {
  const cols: ColumnDef<QuoteRow>[] = [
    {
      id: "number",
      header: "Quote",
      cell: ({ row }) => {
        const q = row.original;
        return (
          <div className="flex min-w-0 flex-col">
            <NavLink
              href={`/job-quotes/${q.id}`}
              className="font-medium whitespace-nowrap text-accent-700 hover:underline"
            >
              {q.number}
            </NavLink>
            {q.revision > 1 && <span className="text-xs text-gray-600">Revision {q.revision}</span>}
          </div>
        );
      },
      meta: { label: "Quote", mobileTitle: true },
    },
  ];
  if (!client)
    cols.push({
      id: "client",
      header: "Client",
      cell: ({ row }) => row.original.company.name,
      meta: { label: "Client" },
    });
  cols.push(
    {
      id: "name",
      header: "Name and venue",
      cell: ({ row }) => {
        const q = row.original;
        const where = q.details?.venue ?? q.details?.address ?? null;
        return (
          <div className="flex min-w-0 flex-col">
            <span className="break-words">{q.name}</span>
            {where && <span className="text-xs break-words text-gray-600">{where}</span>}
          </div>
        );
      },
      meta: { label: "Name and venue" },
    },
    {
      id: "dates",
      header: "Dates of work",
      cell: ({ row }) =>
        workDates(
          row.original.details?.first_date ?? null,
          row.original.details?.last_date ?? null,
        ),
      meta: { label: "Dates of work" },
    },
    {
      id: "total",
      header: "Total",
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatMoney(row.original.total, row.original.currency)}
        </span>
      ),
      meta: { label: "Total", align: "right" },
    },
    {
      id: "status",
      header: "State",
      cell: ({ row }) => (
        <QuoteStatusBadge status={row.original.status} archived={row.original.archived} />
      ),
      meta: { label: "State" },
    },
    {
      id: "valid",
      header: "Valid until",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{isoToDisplay(row.original.valid_until)}</span>
      ),
      meta: { label: "Valid until" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const q = row.original;
        if (client)
          return (
            <div className="flex flex-nowrap items-center justify-end gap-1">
              <NavLink
                href={`/job-quotes/${q.id}`}
                className={buttonClass({ variant: "secondary", size: "sm" })}
                aria-label={`Open ${q.number}`}
              >
                Open
              </NavLink>
              <a
                href={quotePdfHref(q.id)}
                download
                className={buttonClass({ variant: "ghost", size: "sm" })}
                aria-label={`Download ${q.number} as PDF`}
              >
                <Download aria-hidden /> PDF
              </a>
            </div>
          );
        const can = quoteActions(q.status, q.job_id !== null);
        return (
          <QuoteCommands
            variant="row"
            quote={{
              id: q.id,
              number: q.number,
              company: q.company.name,
              draft: q.status === "Draft",
              archived: q.archived,
              jobId: q.job_id,
              can,
            }}
          />
        );
      },
      meta: { label: "", align: "right", sticky: "right" },
    },
  );
  return cols;
}

export function QuotesTable({
  items,
  meta,
  client,
  emptyTitle,
  emptyHint,
  emptyAction,
}: {
  items: QuoteRow[];
  meta: PaginationMeta;
  client: boolean;
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  return (
    <DataTable
      columns={columns(client)}
      data={items}
      meta={meta}
      caption="Quotes"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      emptyAction={emptyAction}
      getRowId={(row) => String(row.id)}
    />
  );
}

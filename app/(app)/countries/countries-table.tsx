"use client";

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { PaginationMeta } from "@/components/ui/pagination";
import { RecordTable } from "@/components/master-data/record-table";
import type { CountryView } from "@/lib/services/countries";
import type { CurrencyView } from "@/lib/services/countries/currencies";
import { deleteCountryAction } from "./actions";
import { CountryDialog } from "./country-form";

export function CountriesTable(props: {
  items: CountryView[];
  meta: PaginationMeta;
  currencies: CurrencyView[];
  emptyTitle: string;
  emptyHint: string;
  emptyAction?: ReactNode;
}) {
  const { currencies, ...table } = props;
  return (
    <RecordTable
      {...table}
      caption="Countries"
      noun="country"
      nameCell={(row) => (
        <span className="font-medium">
          {row.name} <span className="font-normal text-gray-600">({row.iso_code})</span>
        </span>
      )}
      columns={[
        {
          id: "currency",
          header: "Currency",
          cell: ({ row }) => row.original.currency,
          meta: { label: "Currency" },
        },
        {
          id: "time_zone",
          header: "Time zone",
          cell: ({ row }) => row.original.time_zone.replaceAll("_", " "),
          meta: { label: "Time zone" },
        },
        {
          id: "rest_hours",
          header: "Rest hours",
          cell: ({ row }) => <span className="tabular-nums">{row.original.rest_hours} h</span>,
          meta: { label: "Rest hours", cellClassName: "whitespace-nowrap" },
        },
        {
          id: "operational",
          header: "Status",
          cell: ({ row }) =>
            row.original.operational ? (
              <Badge tone="success">Operational</Badge>
            ) : (
              <Badge>Not operational</Badge>
            ),
          meta: { label: "Status" },
        },
        {
          id: "used_by",
          header: "Used by",
          cell: ({ row }) => row.original.used_by.label || "Not used",
          meta: { label: "Used by" },
        },
      ]}
      usage={(row) => row.used_by}
      inUse={{
        kind: "refuse",
        refuseHint:
          "Set it to not operational instead (Edit): it is then hidden from every picker and its history stays intact.",
      }}
      deleteAction={deleteCountryAction}
      renderEdit={(row, open, onOpenChange) => (
        <CountryDialog
          open={open}
          onOpenChange={onOpenChange}
          country={row}
          currencies={currencies}
        />
      )}
    />
  );
}

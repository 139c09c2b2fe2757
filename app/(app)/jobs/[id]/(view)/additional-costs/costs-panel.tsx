"use client";
import { useState } from "react";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Plus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { formatMoney } from "@/lib/domain/money";
import type { AdditionalCostsView, AdditionalCostView } from "@/lib/services/jobs/additional-costs";
import { CostDialog, DeleteCostDialog, type Remove, type Save } from "./cost-dialogs";

/** The additional-costs tab of a job: totals, the list, and the add/edit/delete dialogs. */
export function CostsPanel({
  costs,
  equipment,
  save,
  remove,
}: {
  costs: AdditionalCostsView;
  equipment: { id: number; name: string }[];
  save: Save;
  remove: Remove;
}) {
  const { currency, digits } = costs;
  const money = (minor: number) => formatMoney(minor, currency, digits);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdditionalCostView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdditionalCostView | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const columns: ColumnDef<AdditionalCostView>[] = [
    {
      id: "category",
      header: "Category",
      cell: ({ row }) => <Badge tone="accent">{row.original.category_label}</Badge>,
      meta: { label: "Category", mobileTitle: true },
    },
    {
      id: "equipment",
      header: "Equipment category",
      cell: ({ row }) => row.original.equipment_category?.name ?? "—",
      meta: { label: "Equipment category" },
    },
    {
      id: "note",
      header: "Note",
      cell: ({ row }) => (
        <span className="break-words whitespace-pre-line">{row.original.note ?? "—"}</span>
      ),
      meta: { label: "Note" },
    },
    {
      id: "amount",
      header: "Quantity × amount",
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {row.original.quantity} ×{" "}
          {formatMoney(row.original.amount, row.original.currency, digits)}
        </span>
      ),
      meta: { label: "Quantity × amount", align: "right" },
    },
    {
      id: "total",
      header: "Total",
      cell: ({ row }) => (
        <span className="font-medium whitespace-nowrap tabular-nums">
          {formatMoney(row.original.total, row.original.currency, digits)}
        </span>
      ),
      meta: { label: "Total", align: "right" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const what = `${row.original.category_label.toLowerCase()} cost ${money(row.original.total)}`;
        return (
          <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit ${what}`}
              onClick={() => {
                setEditing(row.original);
                setEditOpen(true);
              }}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-danger-700 hover:text-danger-800"
              aria-label={`Delete ${what}`}
              onClick={() => {
                setDeleting(row.original);
                setDeleteOpen(true);
              }}
            >
              Delete
            </Button>
          </div>
        );
      },
      meta: { label: "", align: "right" },
    },
  ];

  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden /> Add cost
    </Button>
  );
  const n = costs.items.length;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-gray-900">Additional costs</h2>
          <p className="text-sm text-gray-600">
            What this job costs beyond crew hours, in {currency}.
          </p>
        </div>
        {n > 0 && addButton}
      </div>

      {n > 0 && (
        <section aria-labelledby="cost-totals" className="min-w-0">
          <h3 id="cost-totals" className="sr-only">
            Totals
          </h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {costs.totals.by_category.map((c) => (
              <div
                key={c.category}
                className="min-w-0 rounded-card border border-gray-200 bg-white px-4 py-3 shadow-sm"
              >
                <dt className="text-sm text-gray-600">{c.label}</dt>
                <dd className="font-medium text-gray-900 tabular-nums">{money(c.total)}</dd>
              </div>
            ))}
            <div className="col-span-2 min-w-0 rounded-card border border-accent-200 bg-accent-50 px-4 py-3 sm:col-span-1">
              <dt className="text-sm text-accent-800">Total</dt>
              <dd className="font-semibold text-gray-900 tabular-nums">
                {money(costs.totals.total)}
              </dd>
            </div>
          </dl>
        </section>
      )}

      <DataTable
        columns={columns}
        data={costs.items}
        meta={{ current_page: 1, last_page: 1, per_page: Math.max(n, 1), total: n }}
        caption="Additional costs"
        emptyTitle="No additional costs yet"
        emptyHint="Add what this job costs beyond crew hours, such as a crew van, equipment hire or catering, so the office sees what the job really costs."
        emptyAction={addButton}
        getRowId={(row) => String(row.id)}
      />

      <CostDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add cost"
        equipment={equipment}
        currency={currency}
        digits={digits}
        save={save}
      />
      {editing && (
        <CostDialog
          open={editOpen}
          onOpenChange={setEditOpen}
          title="Edit cost"
          cost={editing}
          equipment={equipment}
          currency={currency}
          digits={digits}
          save={save}
        />
      )}
      <DeleteCostDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        cost={deleting}
        money={money}
        remove={remove}
      />
    </div>
  );
}

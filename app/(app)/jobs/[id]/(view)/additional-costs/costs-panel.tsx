"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Select,
  Textarea,
  notify,
} from "@/components/ui";
import {
  RecordDialog,
  RecordFormFooter,
  runOrNetworkError,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import {
  ADDITIONAL_COST_CATEGORIES,
  ADDITIONAL_COST_CATEGORY_LABELS,
  MAX_COST_NOTE,
  MAX_COST_QUANTITY,
  type AdditionalCostCategory,
} from "@/lib/domain/additional-costs";
import { amountInput, formatMoney, parseAmount } from "@/lib/domain/money";
import type { ActionResult } from "@/lib/http/action";
import type {
  AdditionalCostsView,
  AdditionalCostView,
  SaveAdditionalCostInput,
} from "@/lib/services/jobs/additional-costs";

type Save = (input: SaveAdditionalCostInput) => Promise<ActionResult<{ message: string }>>;
type Remove = (id: number) => Promise<ActionResult<{ message: string }>>;

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

function CostDialog({
  open,
  onOpenChange,
  title,
  cost,
  equipment,
  currency,
  digits,
  save,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  cost?: AdditionalCostView;
  equipment: { id: number; name: string }[];
  currency: string;
  digits: number;
  save: Save;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={`Amounts are in ${currency}, the currency of the job's country.`}
    >
      {() => (
        <CostForm
          cost={cost}
          equipment={equipment}
          digits={digits}
          save={save}
          onDone={() => onOpenChange(false)}
        />
      )}
    </RecordDialog>
  );
}

function CostForm({
  cost,
  equipment,
  digits,
  save,
  onDone,
}: {
  cost?: AdditionalCostView;
  equipment: { id: number; name: string }[];
  digits: number;
  save: Save;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [category, setCategory] = useState<AdditionalCostCategory>(cost?.category ?? "travel");
  const [equipmentId, setEquipmentId] = useState(String(cost?.equipment_category?.id ?? ""));
  const [amount, setAmount] = useState(amountInput(cost?.amount, digits));
  const [quantity, setQuantity] = useState(String(cost?.quantity ?? 1));
  const [note, setNote] = useState(cost?.note ?? "");
  const [amountError, setAmountError] = useState<string | null>(null);
  // An archived category the cost already names stays choosable for this cost (history).
  const choices =
    cost?.equipment_category && !equipment.some((e) => e.id === cost.equipment_category!.id)
      ? [...equipment, cost.equipment_category]
      : equipment;
  const example = digits ? `1250.${"5".padEnd(digits, "0")}` : "1250";

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const minor = amount.trim() ? parseAmount(amount, digits) : undefined;
        if (minor === null) {
          setAmountError(`Enter the amount as a number, for example ${example}.`);
          return;
        }
        setAmountError(null);
        submit(() =>
          save({
            ...(cost ? { id: cost.id } : {}),
            category,
            equipment_category_id: category === "equipment" ? equipmentId || undefined : undefined,
            amount: minor,
            quantity: quantity.trim() || undefined,
            note,
          } as SaveAdditionalCostInput),
        );
      }}
    >
      <FormField label="Category" errors={errors.category} required>
        <Select
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value as AdditionalCostCategory)}
        >
          {ADDITIONAL_COST_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ADDITIONAL_COST_CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      </FormField>
      {category === "equipment" && (
        <FormField
          label="Equipment category"
          errors={errors.equipment_category_id}
          required
          hint={
            choices.length === 0
              ? "There are no equipment categories yet; an administrator adds them under Equipment categories."
              : undefined
          }
        >
          <Select
            name="equipment_category_id"
            value={equipmentId}
            placeholder="Choose the kind of equipment"
            onChange={(e) => setEquipmentId(e.target.value)}
          >
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label="Amount"
          errors={amountError ?? errors.amount}
          hint={`Per unit, e.g. ${example}`}
          required
        >
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </FormField>
        <FormField label="Quantity" errors={errors.quantity} hint="How many units">
          <Input
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_COST_QUANTITY}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Note" errors={errors.note} hint={`Up to ${MAX_COST_NOTE} characters`}>
        <Textarea
          name="note"
          rows={3}
          maxLength={MAX_COST_NOTE}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <RecordFormFooter pending={pending} submitLabel={cost ? "Save cost" : "Add cost"} />
    </form>
  );
}

function DeleteCostDialog({
  open,
  onOpenChange,
  cost,
  money,
  remove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cost: AdditionalCostView | null;
  money: (minor: number) => string;
  remove: Remove;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const label = cost ? `${cost.category_label.toLowerCase()} cost` : "cost";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Delete this ${label}?`}
        description={
          cost
            ? `${cost.note ? `${cost.note}: ` : ""}${money(cost.total)}. It no longer counts in this job's costs. This cannot be undone.`
            : undefined
        }
        size="sm"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Keep it
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={pending}
            onClick={() =>
              cost &&
              start(async () => {
                const r = await runOrNetworkError(() => remove(cost.id));
                if (!r) return;
                if (!r.ok) {
                  notify.error(r.message);
                  return;
                }
                onOpenChange(false);
                notify.success(r.data.message);
                router.refresh();
              })
            }
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

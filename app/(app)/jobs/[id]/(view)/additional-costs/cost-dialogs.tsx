"use client";

/* The add/edit and delete dialogs of a job's additional costs (costs-panel.tsx). */

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
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
import { amountInput, parseAmount } from "@/lib/domain/money";
import type { ActionResult } from "@/lib/http/action";
import type { AdditionalCostView } from "@/lib/services/jobs/additional-costs";
import type { SaveAdditionalCostInput } from "@/lib/services/jobs/additional-costs-write";

export type Save = (input: SaveAdditionalCostInput) => Promise<ActionResult<{ message: string }>>;
export type Remove = (id: number) => Promise<ActionResult<{ message: string }>>;

export function CostDialog({
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
      <FormField label="Note" errors={errors.note}>
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

export function DeleteCostDialog({
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

"use client";

import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { NumberInput } from "@/components/ui/number-input";
import { COST_KINDS, fieldId, type QuoteFormCost } from "./quote-form-values";

/** One additional cost in the quote form: kind, description, quantity, amount, and Remove. */
export function QuoteCostFields({
  cost: c,
  index: i,
  err,
  currency,
  onChange,
  onRemove,
}: {
  cost: QuoteFormCost;
  index: number;
  err: (path: string) => string[] | undefined;
  currency: { code: string } | null;
  onChange: (patch: Partial<QuoteFormCost>) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset
      className="grid grid-cols-2 items-end gap-3 rounded-card border border-gray-200 p-3 sm:grid-cols-6 sm:p-4"
      aria-label={`Cost ${i + 1}`}
    >
      <legend className="sr-only">Cost {i + 1}</legend>
      <FormField
        label="Kind"
        id={fieldId(`costs.${i}.category`)}
        errors={err(`costs.${i}.category`)}
      >
        <Select value={c.category} onChange={(e) => onChange({ category: e.target.value })}>
          {COST_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Description"
        id={fieldId(`costs.${i}.description`)}
        errors={err(`costs.${i}.description`)}
        className="col-span-2 sm:col-span-2"
      >
        <Input
          value={c.description}
          onChange={(e) => onChange({ description: e.target.value })}
          maxLength={500}
        />
      </FormField>
      <FormField
        label="Quantity"
        id={fieldId(`costs.${i}.quantity`)}
        errors={err(`costs.${i}.quantity`)}
      >
        <NumberInput
          value={c.quantity}
          onValueChange={(v) => onChange({ quantity: v })}
          min={1}
          max={10000}
          integer
        />
      </FormField>
      <FormField
        label={`Amount${currency ? ` (${currency.code})` : ""}`}
        id={fieldId(`costs.${i}.unit_amount`)}
        errors={err(`costs.${i}.unit_amount`)}
      >
        <Input
          value={c.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
          inputMode="decimal"
        />
      </FormField>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove cost ${i + 1}`}
      >
        <Trash2 aria-hidden /> Remove
      </Button>
    </fieldset>
  );
}

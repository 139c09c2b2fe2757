"use client";

import { cn } from "./cn";
import { DateInput } from "./date-input";
import { FormField } from "./form-field";
import { Select } from "./select";
import { dateFromInput, dateToInput, toggleIsOn, type FilterField } from "./filter-types";
import type { QueryUpdates } from "./use-query-navigation";

/** A select, date or on/off filter; applied at once when it changes. */
export function FilterControl({
  field,
  value,
  apply,
  className,
}: {
  field: Exclude<FilterField, { kind: "search" }>;
  value: string;
  apply: (updates: QueryUpdates) => void;
  className?: string;
}) {
  if (field.kind === "toggle")
    return (
      <div className={cn("flex items-end sm:col-span-2 lg:col-span-2", className)}>
        <label
          className={cn(
            "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap sm:min-h-10",
            toggleIsOn(value)
              ? "border-accent-300 bg-accent-50 text-accent-800"
              : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50",
          )}
        >
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={toggleIsOn(value)}
            onChange={(e) => apply({ [field.param]: e.target.checked ? "1" : null })}
          />
          {field.label}
        </label>
      </div>
    );
  if (field.kind === "date")
    return (
      <FormField label={field.label} className={className}>
        <DateInput
          value={dateToInput(value)}
          onValueChange={(iso) => apply({ [field.param]: dateFromInput(iso) || null })}
        />
      </FormField>
    );
  return (
    <FormField label={field.label} className={className}>
      <Select
        value={value}
        onChange={(e) =>
          apply({
            ...Object.fromEntries((field.resets ?? []).map((param) => [param, null])),
            [field.param]: e.target.value,
          })
        }
      >
        <option value="">{field.all}</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

"use client";

import { useId, useState, type ComponentProps } from "react";
import { readNumberEntry, type NumberRange } from "@/lib/domain/number-entry";
import { FieldErrors, Input } from "./form-field";

export type NumberInputProps = Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type" | "min" | "max"
> &
  NumberRange & {
    value: number;
    /** Called with each number in range as it is typed. */
    onValueChange: (value: number) => void;
  };

/**
 * The one number input: a number in range is applied as it is typed; one out of range, or not
 * a number, is named under the field ("At most 24 hours") and not applied. Left with such an
 * entry (or empty), the field shows the value the form still holds, and the message stays
 * until the next change, so the user learns why the number did not take.
 */
export function NumberInput({
  value,
  onValueChange,
  min,
  max,
  integer,
  unit,
  id,
  onBlur,
  ...props
}: NumberInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-number-error`;
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);

  // A value changed from outside (another field, a reset) replaces what is shown.
  if (value !== seen) {
    setSeen(value);
    setText(String(value));
    setError(null);
  }

  const range = { min, max, integer, unit };
  const describedBy =
    [props["aria-describedby"], error ? errorId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Input
        {...props}
        id={inputId}
        type="number"
        inputMode={props.inputMode ?? (integer ? "numeric" : "decimal")}
        min={min}
        max={max}
        value={text}
        aria-describedby={describedBy}
        aria-invalid={error ? true : props["aria-invalid"]}
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          // A browser that cannot read the entry ("1e", "--") hands over "" and says so.
          const entry = e.target.validity?.badInput
            ? readNumberEntry("?", range)
            : readNumberEntry(typed, range);
          if (entry.ok === true) {
            setError(null);
            if (entry.value !== value) onValueChange(entry.value);
            // The form may keep the same value; the field still shows what was typed.
            setSeen(entry.value);
          } else setError(entry.ok === false ? entry.message : null);
        }}
        onBlur={(e) => {
          const entry = readNumberEntry(text, range);
          if (entry.ok !== true) setText(String(value));
          onBlur?.(e);
        }}
      />
      <FieldErrors id={error ? errorId : undefined} messages={error ? [error] : []} />
    </div>
  );
}

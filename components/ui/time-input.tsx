"use client";

import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Clock } from "lucide-react";
import { TIME_OPTIONS } from "@/lib/domain/format";
import { nearestTimeOption, parseTimeEntry } from "@/lib/domain/time-entry";
import { cn } from "./cn";
import { FieldErrors, Input } from "./form-field";
import { useTypedEntry } from "./use-typed-entry";

export type TimeInputProps = Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type" | "role"
> & {
  /** HH:mm, or "" for none. */
  value: string;
  /** Called with a normalised HH:mm (or "" when cleared). */
  onValueChange: (value: string) => void;
};

export const TIME_ENTRY_ERROR = "Enter a time as HH:mm, e.g. 07:00 or 16:30";

/** A complete entry is applied while typing; a shorter one ("7", "16") when the field is left. */
const COMPLETE = /^\d{1,2}[:.h ]\d{2}$|^\d{4}$/i;

/**
 * The one 24-hour time input (spec §9): an ARIA combobox over the half hours 00:00–23:30 that
 * also takes free typing ("7" → 07:00, "1630" and "16.30" → 16:30). It never shows AM/PM,
 * whatever the browser's locale. Arrow keys move through the list, Enter picks, Escape closes
 * the list (and only the list, inside a dialog). A typo is named under the field.
 */
export function TimeInput({
  value,
  onValueChange,
  id,
  className,
  disabled,
  onBlur,
  onKeyDown,
  ...props
}: TimeInputProps) {
  const entry = useTypedEntry({
    value,
    onValueChange,
    id,
    describedBy: props["aria-describedby"],
    display: (v) => v,
    parse: parseTimeEntry,
    encode: (time: string) => ({ value: time, text: time }),
    errorText: TIME_ENTRY_ERROR,
  });
  const { inputId, errorId, text, commit, emit } = entry;
  // One message a field: while the form names an error on it (FormField's aria-invalid), that
  // message is shown and this one, about the same text, waits until the form's is cleared.
  const outside = props["aria-invalid"] === true || props["aria-invalid"] === "true";
  const error = outside ? null : entry.error;
  const listId = `${inputId}-times`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const pick = (time: string) => {
    entry.apply(time);
    setOpen(false);
  };

  const show = () => {
    setActive(nearestTimeOption(text) ?? null);
    setOpen(true);
  };

  // Escape closes the list before a surrounding dialog sees it (Radix listens in capture).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && e.target === inputRef.current) {
        e.stopPropagation();
        e.preventDefault();
        setOpen(false);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  // Keep the current option in view; with none, show the working day's start.
  useEffect(() => {
    if (!open || !listRef.current) return;
    const target = listRef.current.querySelector<HTMLElement>(
      `[data-time="${active ?? nearestTimeOption(text) ?? "08:00"}"]`,
    );
    if (!target) return;
    const list = listRef.current;
    if (target.offsetTop < list.scrollTop) list.scrollTop = target.offsetTop;
    else if (target.offsetTop + target.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = target.offsetTop + target.offsetHeight - list.clientHeight;
  }, [open, active, text]);

  const move = (step: number) => {
    const from = active ?? nearestTimeOption(text);
    const i = from ? TIME_OPTIONS.indexOf(from) : -1;
    const next =
      i < 0
        ? TIME_OPTIONS[step > 0 ? 0 : TIME_OPTIONS.length - 1]
        : TIME_OPTIONS[Math.min(TIME_OPTIONS.length - 1, Math.max(0, i + step))];
    setActive(next);
    setOpen(true);
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="relative min-w-0">
        <Input
          {...props}
          ref={inputRef}
          id={inputId}
          role="combobox"
          inputMode="numeric"
          autoComplete="off"
          placeholder={props.placeholder ?? "HH:mm"}
          maxLength={5}
          disabled={disabled}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active ? `${listId}-${active}` : undefined}
          aria-describedby={outside ? props["aria-describedby"] : entry.describedBy}
          aria-invalid={error ? true : props["aria-invalid"]}
          className={cn("pr-10 tabular-nums", className)}
          value={text}
          onChange={(e) => {
            const next = e.target.value;
            entry.setText(next);
            entry.clearError();
            setOpen(true);
            setActive(nearestTimeOption(next));
            const time = COMPLETE.test(next.trim()) ? parseTimeEntry(next) : null;
            if (time) emit(time);
          }}
          onClick={() => (open ? setOpen(false) : show())}
          onBlur={(e) => {
            setOpen(false);
            commit();
            onBlur?.(e);
          }}
          onKeyDown={(e) => {
            onKeyDown?.(e);
            if (e.defaultPrevented) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              if (!open && !e.altKey) show();
              else move(1);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              move(-1);
            } else if (e.key === "PageDown" && open) {
              e.preventDefault();
              move(4);
            } else if (e.key === "PageUp" && open) {
              e.preventDefault();
              move(-4);
            } else if (e.key === "Enter") {
              // Enter picks (or applies what was typed) instead of submitting the form.
              e.preventDefault();
              if (open && active) pick(active);
              else {
                commit();
                setOpen(false);
              }
            }
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label="Show times"
          disabled={disabled}
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-gray-600 hover:bg-gray-100 disabled:opacity-50"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) setOpen(false);
            else show();
          }}
        >
          <Clock aria-hidden className="size-4" />
        </button>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Times"
          hidden={!open}
          className="absolute top-full left-0 z-40 mt-1 max-h-60 w-full min-w-28 overflow-y-auto rounded-control border border-gray-300 bg-white py-1 shadow-lg"
        >
          {TIME_OPTIONS.map((t) => (
            <li
              key={t}
              id={`${listId}-${t}`}
              data-time={t}
              role="option"
              aria-selected={t === value}
              className={cn(
                "cursor-pointer px-3 py-2 text-base tabular-nums sm:py-1.5 sm:text-sm",
                t === active && "bg-accent-100 text-accent-900",
                t === value && "font-semibold",
              )}
              // Keep the focus in the input (no blur commit before the pick).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(t)}
            >
              {t}
            </li>
          ))}
        </ul>
      </div>
      <FieldErrors id={error ? errorId : undefined} messages={error ? [error] : []} />
    </div>
  );
}

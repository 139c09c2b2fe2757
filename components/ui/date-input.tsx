"use client";

import { useEffect, useId, useRef, useState, type ComponentProps } from "react";
import { Popover } from "radix-ui";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import {
  MONTH_NAMES,
  WEEKDAYS,
  addMonths,
  dayAfterKey,
  dayOfIso,
  displayOfDay,
  isoOfDay,
  monthGrid,
  parseDateEntry,
  sameDay,
  spokenDay,
  type CalendarDay,
} from "@/lib/domain/time-entry";
import { cn } from "./cn";
import { FieldErrors, Input } from "./form-field";
import { useTypedEntry } from "./use-typed-entry";

export type DateInputProps = Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type"
> & {
  /** yyyy-mm-dd, or "" for none. */
  value: string;
  /** Called with yyyy-mm-dd (or "" when cleared). */
  onValueChange: (value: string) => void;
};

export const DATE_ENTRY_ERROR = "Enter a date as DD/MM/YYYY, e.g. 23/11/2026";

const display = (iso: string) => {
  const d = dayOfIso(iso);
  return d ? displayOfDay(d) : "";
};

function today(): CalendarDay {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/**
 * The one date input: shows and reads DD/MM/YYYY whatever the browser's locale (an en-US
 * browser still sees 23/11/2026), with a month calendar in a popover (arrow keys, Page
 * Up/Down for months, Home/End for the week, Enter picks, Escape closes). It hands its form
 * yyyy-mm-dd, as the native date input did. A typo is named under the field.
 */
export function DateInput({
  value,
  onValueChange,
  id,
  className,
  disabled,
  onBlur,
  onKeyDown,
  ...props
}: DateInputProps) {
  const entry = useTypedEntry({
    value,
    onValueChange,
    id,
    describedBy: props["aria-describedby"],
    display,
    parse: parseDateEntry,
    encode: (day: CalendarDay) => ({ value: isoOfDay(day), text: displayOfDay(day) }),
    errorText: DATE_ENTRY_ERROR,
  });
  const { inputId, errorId, text, error } = entry;
  const [open, setOpen] = useState(false);

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="relative min-w-0">
            <Input
              {...props}
              id={inputId}
              inputMode="numeric"
              autoComplete="off"
              placeholder={props.placeholder ?? "DD/MM/YYYY"}
              maxLength={10}
              disabled={disabled}
              aria-describedby={entry.describedBy}
              aria-invalid={error ? true : props["aria-invalid"]}
              className={cn("pr-11 tabular-nums", className)}
              value={text}
              onChange={(e) => {
                const next = e.target.value;
                entry.setText(next);
                entry.clearError();
                // A whole date (four-digit year) applies at once; "23/11/26" when leaving.
                const day = /\d{4}/.test(next) ? parseDateEntry(next) : null;
                if (day) entry.emit(isoOfDay(day));
              }}
              onBlur={(e) => {
                entry.commit();
                onBlur?.(e);
              }}
              onKeyDown={(e) => {
                onKeyDown?.(e);
                if (e.defaultPrevented) return;
                if (e.key === "Enter") {
                  e.preventDefault();
                  entry.commit();
                } else if (e.key === "ArrowDown" && e.altKey) {
                  e.preventDefault();
                  setOpen(true);
                }
              }}
            />
            <Popover.Trigger asChild>
              <button
                type="button"
                aria-label="Choose from calendar"
                disabled={disabled}
                className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
              >
                <CalendarDays aria-hidden className="size-4" />
              </button>
            </Popover.Trigger>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={4}
            collisionPadding={8}
            aria-label="Calendar"
            className="z-50 rounded-card border border-gray-200 bg-white p-3 shadow-xl"
            onOpenAutoFocus={(e) => e.preventDefault()}
          >
            <MonthCalendar
              selected={dayOfIso(value) ?? parseDateEntry(text)}
              onPick={(day) => {
                entry.apply(day);
                setOpen(false);
                document.getElementById(inputId)?.focus();
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <FieldErrors id={error ? errorId : undefined} messages={error ? [error] : []} />
    </div>
  );
}

/** A month grid (weeks from Monday) with a roving focus: one day is tabbable at a time. */
function MonthCalendar({
  selected,
  onPick,
}: {
  selected: CalendarDay | null;
  onPick: (day: CalendarDay) => void;
}) {
  const headingId = useId();
  const now = today();
  const [focus, setFocus] = useState<CalendarDay>(selected ?? now);
  const gridRef = useRef<HTMLTableElement>(null);
  // On opening and after an arrow key the focused day takes the focus; the month buttons keep it.
  const [moveFocus, setMoveFocus] = useState(true);
  const weeks = monthGrid(focus.year, focus.month);

  useEffect(() => {
    if (moveFocus)
      gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focus, moveFocus]);

  const turn = (months: number) => {
    setMoveFocus(false);
    setFocus((d) => addMonths(d, months));
  };

  return (
    <div className="flex w-72 flex-col gap-2">
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          className="flex size-10 items-center justify-center rounded-control text-gray-700 hover:bg-gray-100"
          onClick={() => turn(-1)}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <p id={headingId} aria-live="polite" className="font-semibold text-gray-900">
          {MONTH_NAMES[focus.month - 1]} {focus.year}
        </p>
        <button
          type="button"
          aria-label="Next month"
          className="flex size-10 items-center justify-center rounded-control text-gray-700 hover:bg-gray-100"
          onClick={() => turn(1)}
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={headingId}
        className="w-full border-collapse text-center text-sm"
        onKeyDown={(e) => {
          const next = dayAfterKey(focus, e.key, e.shiftKey);
          if (!next) return;
          e.preventDefault();
          setMoveFocus(true);
          setFocus(next);
        }}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th
                key={w.short}
                scope="col"
                abbr={w.name}
                className="pb-1 font-medium text-gray-600"
              >
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={isoOfDay(week[0])}>
              {week.map((day) => {
                const outside = day.month !== focus.month;
                const isSelected = sameDay(day, selected);
                const isFocus = sameDay(day, focus);
                return (
                  <td key={isoOfDay(day)} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={isFocus ? 0 : -1}
                      aria-label={spokenDay(day)}
                      aria-current={sameDay(day, now) ? "date" : undefined}
                      className={cn(
                        "size-10 rounded-control tabular-nums hover:bg-gray-100",
                        outside ? "text-gray-500" : "text-gray-900",
                        sameDay(day, now) && "font-bold underline underline-offset-4",
                        isSelected && "bg-accent-600 text-white hover:bg-accent-700",
                      )}
                      onClick={() => onPick(day)}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

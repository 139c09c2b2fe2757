"use client";

import {
  lazy,
  Suspense,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { Icon, type LucideIconNode } from "lucide-react";
import {
  dayOfIso,
  displayOfDay,
  isoOfDay,
  parseDateEntry,
  type CalendarDay,
} from "@/lib/domain/date-entry";
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

// The calendar icon is drawn by lucide's Icon with the icon's shape (copied from lucide-react), not lucide's own
// component: Icon is in every signed-in page's first load already (the shell's icons), while
// an icon component brings lucide's component factory (~0.5 KB gzipped) into each form's.
const CALENDAR_DAYS: LucideIconNode[] = [
  ["path", { d: "M8 2v3", key: "1ioesn" }],
  ["path", { d: "M16 2v3", key: "otl347" }],
  ["rect", { x: "3", y: "3", width: "18", height: "18", rx: "2", key: "h1oib" }],
  ["path", { d: "M3 9h18", key: "1pudct" }],
  ["path", { d: "M8 13h.01", key: "1sbv64" }],
  ["path", { d: "M12 13h.01", key: "y0uutt" }],
  ["path", { d: "M16 13h.01", key: "wip0gl" }],
  ["path", { d: "M8 17h.01", key: "p3bg7i" }],
  ["path", { d: "M12 17h.01", key: "p32p05" }],
  ["path", { d: "M16 17h.01", key: "ql8jdd" }],
];

export const DATE_ENTRY_ERROR = "Enter a date as DD/MM/YYYY, e.g. 23/11/2026";

const display = (iso: string) => {
  const d = dayOfIso(iso);
  return d ? displayOfDay(d) : "";
};

// React.lazy, not next/dynamic: next/dynamic's loader would itself join the first load.
const DateInputCalendar = lazy(() =>
  import("./date-input-calendar").then((m) => ({ default: m.DateInputCalendar })),
);

/**
 * The one date input: shows and reads DD/MM/YYYY whatever the browser's locale (an en-US
 * browser still sees 23/11/2026), with a month calendar in a popover (arrow keys, Page
 * Up/Down for months, Home/End for the week, Enter picks, Escape closes; its code is fetched
 * when first opened). It hands its form yyyy-mm-dd, as the native date input did. A typo is
 * named under the field.
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

  // The calendar's code (the Radix popover) is fetched the first time it is asked for; until
  // then the field is drawn the same way, its button asking for it.
  const [wanted, setWanted] = useState(false);
  const openCalendar = () => {
    setWanted(true);
    setOpen(true);
  };

  const field = (trigger: (button: ReactElement) => ReactNode) => (
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
            openCalendar();
          }
        }}
      />
      {trigger(
        <button
          type="button"
          aria-label="Choose from calendar"
          disabled={disabled}
          // Before the calendar is loaded the button asks for it; then the popover's trigger
          // (which it is wrapped in) opens and closes it.
          onClick={wanted ? undefined : openCalendar}
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
        >
          <Icon iconNode={CALENDAR_DAYS} aria-hidden className="size-4" />
        </button>,
      )}
    </div>
  );
  const plain = field((button) => button);

  return (
    <div className="flex min-w-0 flex-col gap-1">
      {wanted ? (
        <Suspense fallback={plain}>
          <DateInputCalendar
            open={open}
            onOpenChange={setOpen}
            field={field}
            selected={dayOfIso(value) ?? parseDateEntry(text)}
            onPick={(day) => {
              entry.apply(day);
              setOpen(false);
              document.getElementById(inputId)?.focus();
            }}
          />
        </Suspense>
      ) : (
        plain
      )}
      <FieldErrors id={error ? errorId : undefined} messages={error ? [error] : []} />
    </div>
  );
}

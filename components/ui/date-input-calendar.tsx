"use client";

import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Popover } from "radix-ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import {
  MONTH_NAMES,
  WEEKDAYS,
  addMonths,
  dayAfterKey,
  monthGrid,
  sameDay,
  spokenDay,
} from "@/lib/domain/calendar-grid";
import { isoOfDay, type CalendarDay } from "@/lib/domain/date-entry";
import { cn } from "./cn";

function today(): CalendarDay {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/**
 * The date input's calendar: the popover (Radix) anchored to the field, with the month grid.
 * Its own module, fetched the first time a calendar is asked for (components/ui/date-input.tsx):
 * the popover and its positioning code stay out of the first load of every screen with a date
 * filter. `field` draws the field with its calendar button, wrapped as the popover's trigger.
 */
export function DateInputCalendar({
  open,
  onOpenChange,
  field,
  selected,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  field: (trigger: (button: ReactElement) => ReactNode) => ReactElement;
  selected: CalendarDay | null;
  onPick: (day: CalendarDay) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor asChild>
        {field((button) => (
          <Popover.Trigger asChild>{button}</Popover.Trigger>
        ))}
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
          <MonthCalendar selected={selected} onPick={onPick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
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

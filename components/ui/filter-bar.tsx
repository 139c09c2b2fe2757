"use client";

import { useCallback, useEffect, useState } from "react";
import { SlidersHorizontal } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "./dialog";
import { displayToIso, isoToDisplay } from "@/lib/domain/time-entry";
import { DateInput } from "./date-input";
import { FormField, Input, Select } from "./form-field";
import { useQueryNavigation, type QueryUpdates } from "./use-query-navigation";

/** One control of a list's filter bar; `param` is its query-string key. */
export type FilterField =
  | { kind: "search"; param: string; label: string; placeholder?: string }
  | {
      kind: "select";
      param: string;
      label: string;
      /** The first option, meaning "no filter" (e.g. "All companies"). */
      all: string;
      options: readonly { value: string | number; label: string }[];
    }
  /** A day, DD/MM/YYYY in the URL (spec §9, as the API takes it) and in the date picker. */
  | { kind: "date"; param: string; label: string }
  /** An on/off filter shown as a chip with a checkbox: `param=1` in the URL when on. */
  | { kind: "toggle"; param: string; label: string };

/** Whether a toggle's URL value means on (the API also takes "true"). */
export const toggleIsOn = (value: string | null) => value === "1" || value === "true";

/** How long typing pauses before the search is applied. */
export const SEARCH_DEBOUNCE_MS = 400;

/** DD/MM/YYYY (the URL and the API) ↔ yyyy-mm-dd (what the date picker takes and gives). */
export const dateToInput = (value: string | null) => displayToIso(value);
export const dateFromInput = (value: string) => isoToDisplay(value);

/**
 * The filter bar of every back-office list (DESIGN.md §11): its state is the URL query, so a
 * view can be shared and reloaded; any change starts again at page 1 (`pageParam` is removed);
 * a search applies once typing pauses, or at once on Enter.
 *
 * On a phone (below 640 px) the search stays in place and the other filters fold into a
 * "Filters (n)" sheet, n counting those of them in use; they apply as soon as they change,
 * as in the bar.
 */
export function FilterBar({
  label,
  fields,
  pageParam = "page",
  className,
}: {
  /** Accessible name of the search landmark, e.g. "Filter jobs". */
  label: string;
  fields: readonly FilterField[];
  pageParam?: string;
  className?: string;
}) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const apply = useCallback(
    (updates: QueryUpdates) => navigate({ ...updates, [pageParam]: null }),
    [navigate, pageParam],
  );
  const active = fields.some((f) => searchParams.get(f.param));
  const folded = fields.filter((f) => f.kind !== "search");
  const inUse = folded.filter((f) => searchParams.get(f.param)).length;
  const [sheetOpen, setSheetOpen] = useState(false);
  const clear = (list: readonly FilterField[]) =>
    apply(Object.fromEntries(list.map((f) => [f.param, null])));

  return (
    <>
      <form
        role="search"
        aria-label={label}
        aria-busy={pending || undefined}
        className={cn("mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4", className)}
        onSubmit={(e) => e.preventDefault()}
      >
        {fields.map((field) => {
          const value = searchParams.get(field.param) ?? "";
          if (field.kind === "search")
            return <SearchField key={field.param} field={field} value={value} apply={apply} />;
          return (
            <FilterControl
              key={field.param}
              field={field}
              value={value}
              apply={apply}
              className="max-sm:hidden"
            />
          );
        })}
        {(folded.length > 0 || active) && (
          <div className={cn("flex flex-wrap items-end gap-2", !active && "sm:hidden")}>
            {folded.length > 0 && (
              <Button
                type="button"
                variant="secondary"
                className="sm:hidden"
                aria-haspopup="dialog"
                onClick={() => setSheetOpen(true)}
              >
                <SlidersHorizontal aria-hidden /> Filters ({inUse})
              </Button>
            )}
            {active && (
              <Button type="button" variant="ghost" loading={pending} onClick={() => clear(fields)}>
                Clear filters
              </Button>
            )}
          </div>
        )}
      </form>
      {folded.length > 0 && (
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
          <DialogContent title="Filters" aria-busy={pending || undefined}>
            <div className="flex flex-col gap-4">
              {folded.map((field) => (
                <FilterControl
                  key={field.param}
                  field={field}
                  value={searchParams.get(field.param) ?? ""}
                  apply={apply}
                />
              ))}
            </div>
            <DialogFooter>
              {inUse > 0 && (
                <Button type="button" variant="ghost" onClick={() => clear(folded)}>
                  Clear these filters
                </Button>
              )}
              <DialogClose asChild>
                <Button type="button" loading={pending}>
                  Show results
                </Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** A select, date or on/off filter; applied at once when it changes. */
function FilterControl({
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
      <Select value={value} onChange={(e) => apply({ [field.param]: e.target.value })}>
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

function SearchField({
  field,
  value,
  apply,
}: {
  field: Extract<FilterField, { kind: "search" }>;
  value: string;
  apply: (updates: QueryUpdates) => void;
}) {
  const [text, setText] = useState(value);
  // What this field last put in the URL, and the URL value it last saw: a URL that changes
  // to anything else (Clear filters, back button) replaces the text; our own change does not,
  // so letters typed while the list reloads are kept.
  const [applied, setApplied] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== applied) {
      setText(value);
      setApplied(value);
    }
  }
  const commit = useCallback(
    (next: string) => {
      setApplied(next);
      apply({ [field.param]: next });
    },
    [apply, field.param],
  );
  useEffect(() => {
    const next = text.trim();
    if (next === applied) return;
    const timer = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, commit]);

  return (
    <FormField label={field.label} className="lg:col-span-2">
      <Input
        type="search"
        value={text}
        maxLength={200}
        placeholder={field.placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            if (text.trim() !== applied) commit(text.trim());
          }
        }}
      />
    </FormField>
  );
}

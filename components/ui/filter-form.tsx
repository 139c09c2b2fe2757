"use client";

import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from "react";
import { SlidersHorizontal } from "lucide-react";
import { Button } from "./button";
import { cn } from "./cn";
import { FormField, Input } from "./form-field";
import { useQueryNavigation, type QueryUpdates } from "./use-query-navigation";
import type { FilterField } from "./filter-types";
import { SEARCH_MAX } from "@/lib/domain/text-limits";

// React.lazy, not next/dynamic, whose loader would itself join every first load.
const FilterSheet = lazy(() => import("./filter-sheet").then((m) => ({ default: m.FilterSheet })));

/** How long typing pauses before the search is applied. */
export const SEARCH_DEBOUNCE_MS = 400;

/** How a bar draws a select, date or on/off filter (`FilterControl`, given by `FilterBar`). */
export type FilterControlComponent = ComponentType<{
  field: Exclude<FilterField, { kind: "search" }>;
  value: string;
  apply: (updates: QueryUpdates) => void;
  className?: string;
}>;

/**
 * What `FilterBar` and `SearchBar` draw. The filter bar of every back-office list (DESIGN.md §11): its state is the URL query, so a
 * view can be shared and reloaded; any change starts again at page 1 (`pageParam` is removed);
 * a search applies once typing pauses, or at once on Enter.
 *
 * On a phone (below 640 px) the search stays in place and the other filters fold into a
 * "Filters (n)" sheet, n counting those of them in use; they apply as soon as they change,
 * as in the bar.
 */
export function FilterForm({
  label,
  fields,
  pageParam = "page",
  implied,
  className,
  control: FilterControl,
}: {
  /** Accessible name of the search landmark, e.g. "Filter jobs". */
  label: string;
  fields: readonly FilterField[];
  pageParam?: string;
  /**
   * Values the page applied although the URL does not carry them (a list that opens on the
   * view holding work, without a redirect): shown as in use, and written into the URL with the
   * next change, so that change keeps the rest of the view.
   */
  implied?: Readonly<Record<string, string>>;
  className?: string;
  /** Draws the fields other than the search; only a bar that has such fields needs it. */
  control?: FilterControlComponent;
}) {
  const query = useQueryNavigation();
  const { navigate, pending } = query;
  const searchParams = {
    get: (param: string) => query.searchParams.get(param) ?? implied?.[param] ?? null,
  };
  const apply = useCallback(
    (updates: QueryUpdates) => {
      const pinned = Object.entries(implied ?? {}).filter(
        ([param]) => query.searchParams.get(param) === null,
      );
      navigate({ ...Object.fromEntries(pinned), ...updates, [pageParam]: null });
    },
    [navigate, pageParam, implied, query.searchParams],
  );
  const active = fields.some((f) => searchParams.get(f.param));
  const folded = fields.filter(
    (f): f is Exclude<FilterField, { kind: "search" }> => f.kind !== "search",
  );
  const inUse = folded.filter((f) => searchParams.get(f.param)).length;
  const [sheetOpen, setSheetOpen] = useState(false);
  // The sheet (a dialog) is fetched on first use: it stays out of every list's first load.
  const [sheetWanted, setSheetWanted] = useState(false);
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
          if (!FilterControl) throw new Error(`a search bar has no ${field.kind} filter`);
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
                onClick={() => {
                  setSheetWanted(true);
                  setSheetOpen(true);
                }}
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
      {sheetWanted && (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            fields={folded}
            values={Object.fromEntries(
              folded.map((f) => [f.param, searchParams.get(f.param) ?? ""]),
            )}
            inUse={inUse}
            pending={pending}
            apply={apply}
            clear={() => clear(folded)}
          />
        </Suspense>
      )}
    </>
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
        maxLength={SEARCH_MAX}
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

"use client";

import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "./dialog";
import { FilterControl } from "./filter-control";
import type { FilterField } from "./filter-types";
import type { QueryUpdates } from "./use-query-navigation";

/** The phone's "Filters (n)" sheet: the list's filters other than search, applied at once. */
export function FilterSheet({
  open,
  onOpenChange,
  fields,
  values,
  inUse,
  pending,
  apply,
  clear,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fields: readonly Exclude<FilterField, { kind: "search" }>[];
  /** Each field's value in the URL now. */
  values: Record<string, string>;
  inUse: number;
  pending: boolean;
  apply: (updates: QueryUpdates) => void;
  clear: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Filters" aria-busy={pending || undefined}>
        <div className="flex flex-col gap-4">
          {fields.map((field) => (
            <FilterControl
              key={field.param}
              field={field}
              value={values[field.param] ?? ""}
              apply={apply}
            />
          ))}
        </div>
        <DialogFooter>
          {inUse > 0 && (
            <Button type="button" variant="ghost" onClick={clear}>
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
  );
}

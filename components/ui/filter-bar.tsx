"use client";

import { FilterControl } from "./filter-control";
import { FilterForm } from "./filter-form";
import type { FilterField } from "./filter-types";

export type { FilterField } from "./filter-types";
export { toggleIsOn, dateToInput, dateFromInput } from "./filter-types";
export { SEARCH_DEBOUNCE_MS } from "./filter-form";

/** The filter bar of every back-office list (DESIGN.md §11; `FilterForm` says how it behaves). */
export function FilterBar(props: {
  label: string;
  fields: readonly FilterField[];
  pageParam?: string;
  implied?: Readonly<Record<string, string>>;
  className?: string;
}) {
  return <FilterForm {...props} control={FilterControl} />;
}

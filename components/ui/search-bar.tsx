"use client";

import { FilterForm } from "./filter-form";
import type { FilterField } from "./filter-types";

/**
 * A filter bar that only searches (the help centre, which workers open): the same bar as
 * `FilterBar`, without the select, date and on/off filters, whose code (the date input with
 * its parsing, ~4 KB) would otherwise join the screen's first load (issue 27).
 */
export function SearchBar(props: {
  label: string;
  fields: readonly Extract<FilterField, { kind: "search" }>[];
  pageParam?: string;
  className?: string;
}) {
  return <FilterForm {...props} />;
}

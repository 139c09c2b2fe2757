"use client";

import { useState } from "react";
import { Button, FormField, Input, useQueryNavigation } from "@/components/ui";

/** The search lives in the URL (?search=), so a filtered list can be shared and reloaded. */
export function DressCodesSearch() {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const active = searchParams.get("search") ?? "";
  const [search, setSearch] = useState(active);

  return (
    <form
      role="search"
      aria-label="Filter dress codes"
      aria-busy={pending || undefined}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        navigate({ search: search.trim(), page: null });
      }}
    >
      <FormField label="Search dress codes" className="sm:w-80">
        <Input
          type="search"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="e.g. Black tie"
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" loading={pending}>
          Search
        </Button>
        {active && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSearch("");
              navigate({ search: null, page: null });
            }}
          >
            Clear search
          </Button>
        )}
      </div>
    </form>
  );
}

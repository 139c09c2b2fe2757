"use client";

import { useState } from "react";
import { Button, FormField, Input, Select, useQueryNavigation } from "@/components/ui";

interface Option {
  id: number;
  name: string;
}

const STATUSES = [
  { value: "private", label: "Awaiting approval" },
  { value: "public", label: "Public" },
  { value: "declined", label: "Declined" },
];

/**
 * Search (name or city) for everyone; status and company for agency staff, who review the
 * venues clients submit. The filters live in the URL like every list (DESIGN.md §11).
 */
export function VenuesFilters({
  showStatus,
  companies,
}: {
  showStatus: boolean;
  companies: Option[] | null;
}) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const [search, setSearch] = useState(searchParams.get("search") ?? "");
  const set = (key: string, value: string) => navigate({ [key]: value, page: null });
  const filtered = ["search", "status", "company_id"].some((k) => searchParams.has(k));

  return (
    <form
      role="search"
      aria-label="Filter venues"
      aria-busy={pending}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        set("search", search.trim());
      }}
    >
      <FormField label="Search" className="lg:col-span-2">
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Venue name or city"
        />
      </FormField>
      {showStatus && (
        <FormField label="Status">
          <Select
            value={searchParams.get("status") ?? ""}
            onChange={(e) => set("status", e.target.value)}
          >
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {companies && (
        <FormField label="Company">
          <Select
            value={searchParams.get("company_id") ?? ""}
            onChange={(e) => set("company_id", e.target.value)}
          >
            <option value="">All companies</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="secondary" loading={pending}>
          Search
        </Button>
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSearch("");
              navigate({ search: null, status: null, company_id: null, page: null });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

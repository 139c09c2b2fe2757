"use client";

import { useState } from "react";
import { Button, FormField, Input, Select, useQueryNavigation } from "@/components/ui";
import { JOB_STATUSES } from "@/lib/domain/statuses";

interface Option {
  id: number;
  name: string;
}

/** The list's filters live in the URL, so a view can be shared and reloaded (DESIGN.md §11). */
export function JobsFilters({
  companies,
  countries,
  branches,
}: {
  companies: Option[];
  countries: Option[];
  branches: Option[];
}) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const [search, setSearch] = useState(searchParams.get("search") ?? "");
  const set = (key: string, value: string) => navigate({ [key]: value, page: null });

  return (
    <form
      role="search"
      aria-label="Filter jobs"
      aria-busy={pending}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6"
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
          placeholder="Job, company or reference"
        />
      </FormField>
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
      <FormField label="Country">
        <Select
          value={searchParams.get("country_id") ?? ""}
          onChange={(e) => set("country_id", e.target.value)}
        >
          <option value="">All countries</option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Branch">
        <Select
          value={searchParams.get("branch") ?? ""}
          onChange={(e) => set("branch", e.target.value)}
        >
          <option value="">All branches</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Status">
        <Select
          value={searchParams.get("status") ?? ""}
          onChange={(e) => set("status", e.target.value)}
        >
          <option value="">All statuses</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit" variant="secondary" loading={pending}>
          Search
        </Button>
        {[...searchParams.keys()].some((k) =>
          ["search", "company_id", "country_id", "branch", "status"].includes(k),
        ) && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSearch("");
              navigate({
                search: null,
                company_id: null,
                country_id: null,
                branch: null,
                status: null,
                page: null,
              });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

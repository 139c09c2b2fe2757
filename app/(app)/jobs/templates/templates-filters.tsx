"use client";

import { useState } from "react";
import { Button, FormField, Input, Select, useQueryNavigation } from "@/components/ui";

/** Company and name filters, kept in the URL (?company=&name=) so a view can be shared. */
export function TemplatesFilters({ companies }: { companies: { id: number; name: string }[] }) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const [name, setName] = useState(searchParams.get("name") ?? "");
  const active = searchParams.has("company") || searchParams.has("name");

  return (
    <form
      role="search"
      aria-label="Filter job templates"
      aria-busy={pending}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        navigate({ name: name.trim(), page: null });
      }}
    >
      <FormField label="Company">
        <Select
          value={searchParams.get("company") ?? ""}
          onChange={(e) => navigate({ company: e.target.value, page: null })}
        >
          <option value="">All companies</option>
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Name">
        <Input
          type="search"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Template name"
        />
      </FormField>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
        <Button type="submit" variant="secondary" loading={pending}>
          Search
        </Button>
        {active && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setName("");
              navigate({ company: null, name: null, page: null });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

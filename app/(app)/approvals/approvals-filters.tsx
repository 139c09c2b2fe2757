"use client";

import { Button, FormField, Input, Select, useQueryNavigation } from "@/components/ui";

interface Option {
  id: number;
  name: string;
}

/** DD/MM/YYYY (the URL and the API) ↔ YYYY-MM-DD (the native date input). */
const toInput = (value: string | null) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value ?? "");
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : "";
};
const fromInput = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
};

const KEYS = ["job_id", "company_id", "from", "to"] as const;

/** Filters in the URL, so a view can be shared and reloaded (DESIGN.md §11). */
export function ApprovalsFilters({ jobs, companies }: { jobs: Option[]; companies: Option[] }) {
  const { searchParams, navigate, pending } = useQueryNavigation();
  const set = (key: string, value: string) => navigate({ [key]: value, page: null });
  const active = KEYS.some((k) => searchParams.get(k));

  return (
    <form
      role="search"
      aria-label="Filter approvals"
      aria-busy={pending}
      className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <FormField label="Job">
        <Select
          value={searchParams.get("job_id") ?? ""}
          onChange={(e) => set("job_id", e.target.value)}
        >
          <option value="">All jobs</option>
          {jobs.map((j) => (
            <option key={j.id} value={j.id}>
              {j.name}
            </option>
          ))}
        </Select>
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
      <FormField label="Shifts from">
        <Input
          type="date"
          value={toInput(searchParams.get("from"))}
          onChange={(e) => set("from", fromInput(e.target.value))}
        />
      </FormField>
      <FormField label="Shifts to">
        <Input
          type="date"
          value={toInput(searchParams.get("to"))}
          onChange={(e) => set("to", fromInput(e.target.value))}
        />
      </FormField>
      <div className="flex items-end">
        {active && (
          <Button
            type="button"
            variant="ghost"
            loading={pending}
            onClick={() =>
              navigate({ job_id: null, company_id: null, from: null, to: null, page: null })
            }
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

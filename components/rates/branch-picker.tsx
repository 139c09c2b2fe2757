"use client";

import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";

/** A labelled select that puts its choice in the URL (?branch=, ?level= …); the page re-reads. */
export function QuerySelect({
  label,
  param,
  options,
  value,
  className,
}: {
  label: string;
  param: string;
  options: { id: number | string; label: string }[];
  value: number | string;
  className?: string;
}) {
  const { navigate, pending } = useQueryNavigation();
  return (
    <FormField label={label} className={className ?? "max-w-sm"}>
      <Select
        value={String(value)}
        disabled={pending}
        onChange={(e) => navigate({ [param]: e.target.value })}
      >
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

export function BranchPicker({
  branches,
  value,
}: {
  branches: { id: number; label: string }[];
  value: number;
}) {
  return <QuerySelect label="Branch" param="branch" options={branches} value={value} />;
}

"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { JOB_TEXT_LIMITS as LIMIT } from "@/lib/domain/text-limits";
import type { CompanyOptions, FieldErrorMap, JobFieldValues, JobFormOptions } from "./types";

const num = (v: string) => (v ? Number(v) : null);

/** The job's own fields (spec §3 create/edit payload), the company's venues and contacts. */
export function JobFields({
  values,
  set,
  options,
  company,
  errors,
  lockCompany,
}: {
  values: JobFieldValues;
  set: (patch: Partial<JobFieldValues>) => void;
  options: JobFormOptions;
  company: CompanyOptions | null;
  errors: FieldErrorMap;
  lockCompany?: boolean;
}) {
  const branches = options.branches.filter(
    (b) => !values.country_id || b.country_id === values.country_id,
  );
  const contacts = [
    ...(company?.contacts ?? []),
    ...options.staff.filter((s) => !company?.contacts.some((c) => c.id === s.id)),
  ];
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <FormField label="Job name" errors={errors.name} required className="md:col-span-2">
        <Input
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          maxLength={LIMIT.name}
        />
      </FormField>
      <FormField label="Company" errors={errors.company_id} required>
        <Select
          value={values.company_id ?? ""}
          disabled={lockCompany}
          onChange={(e) => {
            const id = num(e.target.value);
            const c = options.companies.find((x) => x.id === id);
            set({
              company_id: id,
              country_id: c?.country_id ?? values.country_id,
              venue_id: null,
              contact_on_location_id: null,
            });
          }}
        >
          <option value="">Choose a company</option>
          {options.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Country"
        errors={errors.country_id}
        required
        hint="Shift times are in this country's time zone."
      >
        <Select
          value={values.country_id ?? ""}
          onChange={(e) => set({ country_id: num(e.target.value), book_from_branches: [] })}
        >
          <option value="">Choose a country</option>
          {options.countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Venue"
        errors={errors.venue_id}
        hint={
          values.company_id ? "Public venues and the company's own." : "Choose a company first."
        }
      >
        <Select
          value={values.venue_id ?? (values.venue_name ? "typed" : "")}
          disabled={!values.company_id}
          onChange={(e) => {
            if (e.target.value === "typed")
              return set({ venue_id: null, venue_name: values.venue_name || " " });
            const v = company?.venues.find((x) => x.id === Number(e.target.value));
            set(
              v
                ? {
                    venue_id: v.id,
                    venue_name: "",
                    address: v.address ?? "",
                    city: v.city ?? "",
                    zip: v.zip ?? "",
                    province: v.province ?? "",
                    entrance: v.entrance ?? "",
                  }
                : { venue_id: null, venue_name: "" },
            );
          }}
        >
          <option value="">No venue</option>
          {company?.venues.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
              {v.city ? `, ${v.city}` : ""}
              {v.public ? "" : " (company venue)"}
            </option>
          ))}
          <option value="typed">Another venue (type it)…</option>
        </Select>
      </FormField>
      {values.venue_id === null && values.venue_name !== "" && (
        <FormField
          label="Venue name"
          errors={errors.venue_name}
          hint="Saved as one of the company's venues."
        >
          <Input
            value={values.venue_name.trimStart()}
            onChange={(e) => set({ venue_name: e.target.value || " " })}
            maxLength={LIMIT.venue_name}
          />
        </FormField>
      )}
      <FormField label="Address" errors={errors.address}>
        <Input
          value={values.address}
          onChange={(e) => set({ address: e.target.value })}
          autoComplete="street-address"
          maxLength={LIMIT.address}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Zip" errors={errors.zip}>
          <Input
            value={values.zip}
            onChange={(e) => set({ zip: e.target.value })}
            autoComplete="postal-code"
            maxLength={LIMIT.zip}
          />
        </FormField>
        <FormField label="City" errors={errors.city}>
          <Input
            value={values.city}
            onChange={(e) => set({ city: e.target.value })}
            maxLength={LIMIT.city}
          />
        </FormField>
      </div>
      <FormField label="Area / province" errors={errors.province}>
        <Input
          value={values.province}
          onChange={(e) => set({ province: e.target.value })}
          maxLength={LIMIT.province}
        />
      </FormField>
      <FormField
        label="Entrance"
        errors={errors.entrance}
        hint="Where the crew meets, e.g. Gate 4, stage door."
      >
        <Input
          value={values.entrance}
          onChange={(e) => set({ entrance: e.target.value })}
          maxLength={LIMIT.entrance}
        />
      </FormField>
      <FormField label="Invoice reference" errors={errors.invoice_reference}>
        <Input
          value={values.invoice_reference}
          onChange={(e) => set({ invoice_reference: e.target.value })}
          maxLength={LIMIT.invoice_reference}
        />
      </FormField>
      <FormField label="Project manager" errors={errors.project_manager_id}>
        <Select
          value={values.project_manager_id ?? ""}
          onChange={(e) => set({ project_manager_id: num(e.target.value) })}
        >
          <option value="">None</option>
          {options.staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Contact on location" errors={errors.contact_on_location_id}>
        <Select
          value={values.contact_on_location_id ?? ""}
          disabled={!values.company_id}
          onChange={(e) => set({ contact_on_location_id: num(e.target.value) })}
        >
          <option value="">None</option>
          {contacts.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Dress code" errors={errors.dresscode_id}>
        <Select
          value={values.dresscode_id ?? ""}
          onChange={(e) => set({ dresscode_id: num(e.target.value) })}
        >
          <option value="">None</option>
          {options.dressCodes.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </FormField>
      {options.canSelectBooker && (
        <FormField label="Booker" errors={errors.booker_id} hint="Who books the crew for this job.">
          <Select
            value={values.booker_id ?? ""}
            onChange={(e) => set({ booker_id: num(e.target.value) })}
          >
            <option value="">None</option>
            {options.staff.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <fieldset className="md:col-span-2">
        <legend className="mb-2 text-sm font-medium text-gray-900">Book from branches</legend>
        {branches.length === 0 ? (
          <p className="text-sm text-gray-600">Choose a country to see its branches.</p>
        ) : (
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {branches.map((b) => (
              <Checkbox
                key={b.id}
                label={b.archived ? `${b.name} (archived)` : b.name}
                checked={values.book_from_branches.includes(b.id)}
                onChange={(e) =>
                  set({
                    book_from_branches: e.target.checked
                      ? [...values.book_from_branches, b.id]
                      : values.book_from_branches.filter((x) => x !== b.id),
                  })
                }
              />
            ))}
          </div>
        )}
        {errors.book_from_branches && (
          <p className="mt-1 text-sm text-danger-700">{errors.book_from_branches[0]}</p>
        )}
      </fieldset>
      <FormField
        label="Details"
        errors={errors.details}
        className="md:col-span-2"
        limit={LIMIT.details}
        hint="What the crew and the client should know about the job."
      >
        <Textarea
          value={values.details}
          onChange={(e) => set({ details: e.target.value })}
          rows={4}
        />
      </FormField>
      <FormField
        label="Reason"
        errors={errors.reason}
        className="md:col-span-2"
        hint="Why the job exists or changed, if it matters (optional)."
      >
        <Input
          value={values.reason}
          onChange={(e) => set({ reason: e.target.value })}
          maxLength={LIMIT.reason}
        />
      </FormField>
    </div>
  );
}

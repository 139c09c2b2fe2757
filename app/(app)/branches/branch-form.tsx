"use client";

import { useState } from "react";
import { FormField, Input, Select } from "@/components/ui";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { BranchView } from "@/lib/services/branches";
import type { CountryOption } from "@/lib/services/reference";
import { createBranchAction, updateBranchAction } from "./actions";

export function BranchDialog({
  open,
  onOpenChange,
  branch,
  countries,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  branch?: BranchView;
  /** Every country; the form offers the operational ones and the branch's own. */
  countries: CountryOption[];
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={branch ? "Edit branch" : "New branch"}
      description="Workers belong to branches and jobs book crew from them."
    >
      {() => (
        <BranchForm branch={branch} countries={countries} onDone={() => onOpenChange(false)} />
      )}
    </RecordDialog>
  );
}

function BranchForm({
  branch,
  countries,
  onDone,
}: {
  branch?: BranchView;
  countries: CountryOption[];
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(branch?.name ?? "");
  const [countryId, setCountryId] = useState(branch ? String(branch.country_id) : "");
  const [city, setCity] = useState(branch?.city ?? "");
  const [address, setAddress] = useState(branch?.address ?? "");
  const offered = countries.filter((c) => c.operational || c.id === branch?.country_id);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, country_id: countryId, city, address };
        submit(() => (branch ? updateBranchAction(branch.id, values) : createBranchAction(values)));
      }}
    >
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField label="Country" errors={errors.country_id} required>
        <Select
          name="country_id"
          value={countryId}
          placeholder="Choose a country"
          onChange={(e) => setCountryId(e.target.value)}
        >
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.operational ? "" : " (not operational)"}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="City" errors={errors.city}>
        <Input
          name="city"
          value={city}
          maxLength={100}
          autoComplete="address-level2"
          onChange={(e) => setCity(e.target.value)}
        />
      </FormField>
      <FormField label="Address" errors={errors.address}>
        <Input
          name="address"
          value={address}
          maxLength={300}
          autoComplete="street-address"
          onChange={(e) => setAddress(e.target.value)}
        />
      </FormField>
      <RecordFormFooter pending={pending} submitLabel={branch ? "Save changes" : "Create branch"} />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewBranchButton({ countries }: { countries: CountryOption[] }) {
  return (
    <NewRecordButton
      label="New branch"
      renderDialog={(open, onOpenChange) => (
        <BranchDialog open={open} onOpenChange={onOpenChange} countries={countries} />
      )}
    />
  );
}

"use client";

import { useState } from "react";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { HolidayRegion } from "@/lib/domain/holidays";
import type { BranchView } from "@/lib/services/branches";
import type { CountryOption } from "@/lib/services/reference";
import { createBranchAction, updateBranchAction } from "./actions";
import { LABEL_MAX, NAME_MAX, SHORT_TEXT_MAX } from "@/lib/domain/text-limits";

export function BranchDialog({
  open,
  onOpenChange,
  branch,
  countries,
  regions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  branch?: BranchView;
  /** Every country; the form offers the operational ones and the branch's own. */
  countries: CountryOption[];
  /** The holiday regions date-holidays knows, by country id. */
  regions: Record<number, HolidayRegion[]>;
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={branch ? "Edit branch" : "New branch"}
      description="Workers belong to branches and jobs book crew from them."
    >
      {() => (
        <BranchForm
          branch={branch}
          countries={countries}
          regions={regions}
          onDone={() => onOpenChange(false)}
        />
      )}
    </RecordDialog>
  );
}

function BranchForm({
  branch,
  countries,
  regions,
  onDone,
}: {
  branch?: BranchView;
  countries: CountryOption[];
  regions: Record<number, HolidayRegion[]>;
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(branch?.name ?? "");
  const [countryId, setCountryId] = useState(branch ? String(branch.country_id) : "");
  const [city, setCity] = useState(branch?.city ?? "");
  const [address, setAddress] = useState(branch?.address ?? "");
  const [region, setRegion] = useState(branch?.holiday_region ?? "");
  const offered = countries.filter((c) => c.operational || c.id === branch?.country_id);
  const country = countries.find((c) => String(c.id) === countryId);
  const countryRegions = (country && regions[country.id]) ?? [];

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const values = { name, country_id: countryId, city, address, holiday_region: region };
        submit(() => (branch ? updateBranchAction(branch.id, values) : createBranchAction(values)));
      }}
    >
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={LABEL_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField label="Country" errors={errors.country_id} required>
        <Select
          name="country_id"
          value={countryId}
          placeholder="Choose a country"
          onChange={(e) => {
            setCountryId(e.target.value);
            // A region belongs to one country: another country starts from its national days.
            setRegion("");
          }}
        >
          {offered.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.operational ? "" : " (not operational)"}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Holiday region"
        hint={
          !country
            ? "Choose the country first."
            : countryRegions.length
              ? `Which public holidays price this branch's work: ${country.name}'s national ones, plus the region's.`
              : `There are no regional holidays for ${country.name}: its national ones apply.`
        }
        errors={errors.holiday_region}
      >
        <Select
          name="holiday_region"
          value={region}
          disabled={!countryRegions.length && !region}
          onChange={(e) => setRegion(e.target.value)}
        >
          <option value="">National holidays only</option>
          {countryRegions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name} ({r.code})
            </option>
          ))}
          {region && !countryRegions.some((r) => r.code === region) && (
            <option value={region}>{region}</option>
          )}
        </Select>
      </FormField>
      <FormField label="City" errors={errors.city}>
        <Input
          name="city"
          value={city}
          maxLength={NAME_MAX}
          autoComplete="address-level2"
          onChange={(e) => setCity(e.target.value)}
        />
      </FormField>
      <FormField label="Address" errors={errors.address}>
        <Input
          name="address"
          value={address}
          maxLength={SHORT_TEXT_MAX}
          autoComplete="street-address"
          onChange={(e) => setAddress(e.target.value)}
        />
      </FormField>
      <RecordFormFooter pending={pending} submitLabel={branch ? "Save changes" : "Create branch"} />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewBranchButton({
  countries,
  regions,
}: {
  countries: CountryOption[];
  regions: Record<number, HolidayRegion[]>;
}) {
  return (
    <NewRecordButton
      label="New branch"
      renderDialog={(open, onOpenChange) => (
        <BranchDialog
          open={open}
          onOpenChange={onOpenChange}
          countries={countries}
          regions={regions}
        />
      )}
    />
  );
}

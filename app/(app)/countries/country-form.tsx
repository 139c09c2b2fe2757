"use client";

import { useMemo, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { CountryView } from "@/lib/services/countries";
import type { CurrencyView } from "@/lib/services/countries/currencies";
import { createCountryAction, updateCountryAction } from "./actions";
import { LABEL_MAX } from "@/lib/domain/text-limits";

export function CountryDialog({
  open,
  onOpenChange,
  country,
  currencies,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  country?: CountryView;
  currencies: CurrencyView[];
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={country ? "Edit country" : "New country"}
      description="Jobs in this country use its currency and time zone; the booking rule keeps its rest hours between two shifts of one worker."
    >
      {() => (
        <CountryForm country={country} currencies={currencies} onDone={() => onOpenChange(false)} />
      )}
    </RecordDialog>
  );
}

/** The zones the browser knows (the server validates and normalises), plus the saved one. */
function useTimeZones(current: string | undefined) {
  return useMemo(() => {
    const zones = new Set<string>(Intl.supportedValuesOf("timeZone"));
    zones.add("UTC");
    if (current) zones.add(current);
    return [...zones].sort();
  }, [current]);
}

function CountryForm({
  country,
  currencies,
  onDone,
}: {
  country?: CountryView;
  currencies: CurrencyView[];
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [name, setName] = useState(country?.name ?? "");
  const [isoCode, setIsoCode] = useState(country?.iso_code ?? "");
  const [currency, setCurrency] = useState(country?.currency ?? "");
  const [timeZone, setTimeZone] = useState(country?.time_zone ?? "");
  const [phonePrefix, setPhonePrefix] = useState(country?.phone_prefix ?? "");
  const [restHours, setRestHours] = useState(String(country?.rest_hours ?? 11));
  const [vat, setVat] = useState(
    country?.vat_basis_points == null ? "" : String(country.vat_basis_points / 100),
  );
  const [operational, setOperational] = useState(country?.operational ?? true);
  const zones = useTimeZones(country?.time_zone);

  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const values = {
          name,
          iso_code: isoCode,
          currency,
          time_zone: timeZone,
          phone_prefix: phonePrefix,
          rest_hours: restHours,
          vat_basis_points: vatToBasisPoints(vat),
          operational,
        };
        submit(() =>
          country ? updateCountryAction(country.id, values) : createCountryAction(values),
        );
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
      <FormField label="ISO code" hint="Two letters, e.g. DK." errors={errors.iso_code} required>
        <Input
          name="iso_code"
          value={isoCode}
          maxLength={2}
          autoComplete="off"
          className="uppercase"
          onChange={(e) => setIsoCode(e.target.value.toUpperCase())}
        />
      </FormField>
      <FormField label="Currency" errors={errors.currency} required>
        <Select
          name="currency"
          value={currency}
          placeholder="Choose a currency"
          onChange={(e) => setCurrency(e.target.value)}
        >
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} – {c.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Time zone" errors={errors.time_zone} required>
        <Select
          name="time_zone"
          value={timeZone}
          placeholder="Choose a time zone"
          onChange={(e) => setTimeZone(e.target.value)}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll("_", " ")}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Phone prefix" hint="Optional, e.g. +45." errors={errors.phone_prefix}>
        <Input
          name="phone_prefix"
          value={phonePrefix}
          maxLength={5}
          inputMode="tel"
          autoComplete="off"
          onChange={(e) => setPhonePrefix(e.target.value)}
        />
      </FormField>
      <FormField
        label="Rest hours between shifts"
        hint="0 to 24. Booking a worker with less rest than this asks first."
        errors={errors.rest_hours}
        required
      >
        <Input
          name="rest_hours"
          type="number"
          inputMode="numeric"
          min={0}
          max={24}
          step={1}
          value={restHours}
          onChange={(e) => setRestHours(e.target.value)}
        />
      </FormField>
      <FormField
        label="VAT on quotes (%)"
        hint="Charged to clients of this country on quotes, e.g. 25. Leave empty for no VAT."
        errors={errors.vat_basis_points}
      >
        <Input
          name="vat_percent"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={vat}
          onChange={(e) => setVat(e.target.value)}
        />
      </FormField>
      <Checkbox
        className="sm:col-span-2"
        name="operational"
        label="Operational"
        hint="Only operational countries are offered when creating jobs, venues, branches and users."
        checked={operational}
        errors={errors.operational}
        onChange={(e) => setOperational(e.target.checked)}
      />
      <div className="sm:col-span-2">
        <RecordFormFooter
          pending={pending}
          submitLabel={country ? "Save changes" : "Create country"}
        />
      </div>
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewCountryButton({ currencies }: { currencies: CurrencyView[] }) {
  return (
    <NewRecordButton
      label="New country"
      renderDialog={(open, onOpenChange) => (
        <CountryDialog open={open} onOpenChange={onOpenChange} currencies={currencies} />
      )}
    />
  );
}

/** "25" → 2500, "12.5" → 1250, "" → "" (none); anything else is sent as is for the server to refuse. */
function vatToBasisPoints(percent: string): number | string {
  const v = percent.trim();
  if (!v) return "";
  const n = Number(v.replace(",", "."));
  return Number.isFinite(n) ? Math.round(n * 100) : v;
}

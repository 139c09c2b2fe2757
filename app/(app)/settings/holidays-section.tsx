"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import {
  RecordDialog,
  RecordFormFooter,
  runOrNetworkError,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { AgencyHolidayView, CountryHolidaysView } from "@/lib/services/holidays/agency-days";
import { addAgencyHolidayAction, removeAgencyHolidayAction } from "./actions";
import { LABEL_MAX } from "@/lib/domain/text-limits";

/** "2026-06-05" as the spec's DD/MM/YYYY. */
const ddmmyyyy = (date: string) => date.split("-").reverse().join("/");
const CUSTOM = "custom";

/**
 * The agency's extra holidays, one block per country: the days its agreements price as
 * holidays beyond the public ones (date-holidays' national and each branch's region).
 */
export function HolidaysSection({ countries }: { countries: CountryHolidaysView[] }) {
  return (
    <Card className="lg:col-span-2">
      <section aria-labelledby="holidays-title">
        <CardHeader>
          <CardTitle id="holidays-title">Holidays</CardTitle>
          <CardDescription>
            Work on a public holiday is priced at the weekend price. Public holidays come with each
            branch&apos;s country and holiday region (set on Branches). Add the days your agreements
            also treat as holidays: they count for every branch in that country.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {countries.length ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {countries.map((c) => (
                <CountryHolidays key={c.country.id} view={c} />
              ))}
            </div>
          ) : (
            <p className="text-sm text-gray-600">
              No operational countries yet: add one under Countries first.
            </p>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function CountryHolidays({ view }: { view: CountryHolidaysView }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AgencyHolidayView | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const country = view.country.name;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-gray-200 p-3"
    >
      <h3 id={headingId} className="font-medium">
        {country}
        {!view.country.operational && (
          <span className="text-sm font-normal text-gray-600"> (not operational)</span>
        )}
      </h3>
      {view.days.length ? (
        <ul
          className="flex flex-col divide-y divide-gray-100"
          aria-label={`Extra holidays of ${country}`}
        >
          {view.days.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{d.name}</p>
                <p className="text-sm break-words text-gray-600">
                  <code>{d.rule}</code>
                  {d.next_date ? ` · next ${ddmmyyyy(d.next_date)}` : " · no date ahead"}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger-700 hover:text-danger-800 shrink-0"
                aria-label={`Remove ${d.name} (${country})`}
                onClick={() => {
                  setRemoving(d);
                  setRemoveOpen(true);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">No extra days: public holidays only.</p>
      )}
      <div>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Add a holiday for ${country}`}
          onClick={() => setAdding(true)}
        >
          Add a holiday
        </Button>
      </div>
      <RecordDialog
        open={adding}
        onOpenChange={setAdding}
        title={`Add a holiday for ${country}`}
        description="Priced at the weekend price for every branch in this country, every year the rule gives a date."
      >
        {() => <AddHolidayForm view={view} onDone={() => setAdding(false)} />}
      </RecordDialog>
      <RemoveHolidayDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        day={removing}
        country={country}
      />
    </section>
  );
}

function AddHolidayForm({ view, onDone }: { view: CountryHolidaysView; onDone: () => void }) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [choice, setChoice] = useState(view.known[0]?.rule ?? CUSTOM);
  const known = view.known.find((k) => k.rule === choice);
  const [name, setName] = useState(known?.name ?? "");
  const [rule, setRule] = useState("");
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit(() =>
          addAgencyHolidayAction({
            country_id: view.country.id,
            rule: known ? known.rule : rule,
            name,
          }),
        );
      }}
    >
      <FormField
        label="Day"
        hint="Days the holiday calendar knows for this country that are not public holidays, or one of your own."
        errors={known ? errors.rule : undefined}
      >
        <Select
          name="day"
          value={choice}
          onChange={(e) => {
            const next = view.known.find((k) => k.rule === e.target.value);
            setChoice(e.target.value);
            setName(next?.name ?? "");
          }}
        >
          {view.known.map((k) => (
            <option key={k.rule} value={k.rule}>
              {k.name}
              {k.english ? ` (${k.english})` : ""}
              {k.next_date ? ` · ${ddmmyyyy(k.next_date)}` : ""}
            </option>
          ))}
          <option value={CUSTOM}>Another day…</option>
        </Select>
      </FormField>
      {!known && (
        <FormField
          label="Date or rule"
          hint="05/06 for every 5 June, 04/06/2027 for that day only, or a rule such as “friday after 06-19” or “easter 60”."
          errors={errors.rule}
          required
        >
          <Input
            name="rule"
            value={rule}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setRule(e.target.value)}
          />
        </FormField>
      )}
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={LABEL_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      {errors.country_id && (
        <p role="alert" className="text-danger-700 text-sm">
          {errors.country_id.join(" ")}
        </p>
      )}
      <RecordFormFooter pending={pending} submitLabel="Add holiday" />
    </form>
  );
}

function RemoveHolidayDialog({
  open,
  onOpenChange,
  day,
  country,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  day: AgencyHolidayView | null;
  country: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const remove = (id: number) =>
    start(async () => {
      const r = await runOrNetworkError(() => removeAgencyHolidayAction(id));
      if (!r) return;
      if (!r.ok) return void notify.error(r.message);
      onOpenChange(false);
      notify.success(r.data.message);
      router.refresh();
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={day ? `Remove “${day.name}”?` : "Remove holiday?"}
        description={`From then on it prices as an ordinary day in ${country} (a weekend still prices as weekend), also for jobs already planned.`}
        size="sm"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Keep it
            </Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={() => day && remove(day.id)}>
            Remove holiday
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import type { VenueView } from "@/lib/services/venues";
import { saveVenueAction } from "../../actions";
import { NAME_MAX, NOTE_MAX, SHORT_TEXT_MAX, ZIP_MAX } from "@/lib/domain/text-limits";

interface Option {
  id: number;
  name: string;
}

type Fields = {
  name: string;
  country_id: string;
  city: string;
  address: string;
  zip: string;
  province: string;
  entrance: string;
  notes: string;
  company_id: string;
  public: boolean;
};

const initial = (v: VenueView | null, countries: Option[]): Fields => ({
  name: v?.name ?? "",
  country_id: String(v?.country_id ?? (countries.length === 1 ? countries[0].id : "")),
  city: v?.city ?? "",
  address: v?.address ?? "",
  zip: v?.zip ?? "",
  province: v?.province ?? "",
  entrance: v?.entrance ?? "",
  notes: v?.notes ?? "",
  company_id: v?.company_id ? String(v.company_id) : "",
  public: false,
});

/** The list tab where a saved venue shows up, so the user lands next to it. */
function tabOf(v: VenueView, staff: boolean, userId: number | null): string {
  if (v.status === "public") return "public";
  if (!staff || v.created_by?.id === userId) return "mine";
  return "all";
}

export function VenueForm({
  venue,
  staff,
  userId,
  countries,
  companies,
}: {
  venue: VenueView | null;
  staff: boolean;
  userId: number | null;
  countries: Option[];
  /** Staff only: owner company ("" = the agency itself). */
  companies: Option[] | null;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [fields, setFields] = useState<Fields>(() => initial(venue, countries));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const readOnly = venue !== null && !venue.can.edit;
  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));

  const submit = () => {
    const { public: publish, company_id, ...rest } = fields;
    const payload: Parameters<typeof saveVenueAction>[1] = { ...rest };
    // Only staff choose the owner and publish at once; the verb ignores both for clients.
    if (staff) payload.company_id = company_id;
    if (staff && !venue) payload.public = publish;
    start(async () => {
      const r = await saveVenueAction(venue?.id ?? null, payload);
      if (r.ok) {
        notify.success(r.data.message);
        router.push(`/venues?tab=${tabOf(r.data, staff, userId)}`);
        router.refresh();
        return;
      }
      setErrors(r.errors ?? {});
      notify.error(r.message);
    });
  };

  const text = (key: keyof Omit<Fields, "public">) => ({
    value: fields[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  return (
    <Card>
      <CardContent>
        {readOnly && (
          <Alert tone="info" className="mb-6" title="You can view this venue but not change it">
            {venue?.public
              ? "A public venue is shared by every client, so only the agency changes it. Clone it into My venues for a copy of your own."
              : "Only the company that owns this venue, or the agency, can change it."}
          </Alert>
        )}
        {venue?.status === "declined" && !readOnly && (
          <Alert tone="warning" className="mb-6" title="This venue was declined">
            {staff
              ? "It is not offered to other clients."
              : "Change what needs changing and save: the venue is submitted for approval again."}
          </Alert>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset
            disabled={readOnly || pending}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2"
          >
            <legend className="sr-only">Venue details</legend>
            <FormField label="Name" required errors={errors.name} className="sm:col-span-2">
              <Input {...text("name")} maxLength={NAME_MAX} autoComplete="off" />
            </FormField>
            <FormField label="Country" required errors={errors.country_id}>
              <Select {...text("country_id")} placeholder="Choose a country">
                {countries.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="City" errors={errors.city}>
              <Input {...text("city")} maxLength={NAME_MAX} autoComplete="address-level2" />
            </FormField>
            <FormField label="Address" errors={errors.address} className="sm:col-span-2">
              <Input
                {...text("address")}
                maxLength={SHORT_TEXT_MAX}
                autoComplete="street-address"
              />
            </FormField>
            <FormField label="Zip code" errors={errors.zip}>
              <Input {...text("zip")} maxLength={ZIP_MAX} autoComplete="postal-code" />
            </FormField>
            <FormField label="Province" errors={errors.province}>
              <Input {...text("province")} maxLength={NAME_MAX} autoComplete="address-level1" />
            </FormField>
            <FormField
              label="Entrance"
              hint="Where the crew goes in, e.g. the stage door."
              errors={errors.entrance}
              className="sm:col-span-2"
            >
              <Input {...text("entrance")} maxLength={SHORT_TEXT_MAX} />
            </FormField>
            <FormField label="Notes" errors={errors.notes} className="sm:col-span-2">
              <Textarea {...text("notes")} rows={4} maxLength={NOTE_MAX} />
            </FormField>
            {companies && (
              <FormField
                label="Company"
                hint="Leave on Agency for a venue of your own."
                errors={errors.company_id}
                className="sm:col-span-2"
              >
                <Select {...text("company_id")}>
                  <option value="">Agency (no company)</option>
                  {companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </FormField>
            )}
            {staff && !venue && (
              <Checkbox
                className="sm:col-span-2"
                label="Make it public now"
                hint="A public venue is offered to every client without waiting for approval."
                checked={fields.public}
                onChange={(e) => set("public")(e.target.checked)}
              />
            )}
          </fieldset>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <NavLink href="/venues" className={buttonClass({ variant: "secondary" })}>
              {readOnly ? "Back to venues" : "Cancel"}
            </NavLink>
            {!readOnly && (
              <Button type="submit" loading={pending}>
                {venue ? "Save venue" : "Create venue"}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { FieldErrors, FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import type { ProfileView } from "@/lib/services/users/profile";
import { saveProfile } from "../actions";
import { useSave } from "../use-save";
import type { PERSONAL_TEXT_LIMITS } from "@/lib/domain/text-limits";

type Option = { id: number; name: string };

/** The ids a server-drawn CheckList's boxes send under `name` (its uncontrolled form). */
const ticked = (form: HTMLFormElement, name: string) => new FormData(form).getAll(name).map(Number);

export function PersonalForm({
  profile,
  options,
  pendingEmail,
  refusal,
  languages,
  branches,
  limits,
}: {
  profile: ProfileView;
  /**
   * Why the viewer may not change these, drawn by the server (`Alert` with id `personal-refusal`: its four tone icons
   * stay out of the tab's first load); absent when it may.
   */
  refusal?: ReactNode;
  /** The address waiting for confirmation (pending-email.tsx), drawn by the server. */
  pendingEmail: ReactNode;
  options: { countries: Option[] };
  /**
   * The languages' and branches' checklists, drawn by the server (CheckList with `name`
   * "language_ids" and "branch_ids"): their boxes hold what is ticked, read on submit.
   */
  languages: ReactNode;
  branches: ReactNode;
  /** PERSONAL_TEXT_LIMITS, handed over by the page: the limits module stays on the server. */
  limits: typeof PERSONAL_TEXT_LIMITS;
}) {
  const [v, setV] = useState({
    first_name: profile.first_name ?? profile.name.split(" ")[0] ?? "",
    last_name: profile.last_name ?? profile.name.split(" ").slice(1).join(" "),
    email: profile.email,
    phone: profile.phone ?? "",
    address: profile.address ?? "",
    zip: profile.zip ?? "",
    city: profile.city ?? "",
    birth_date: profile.birth_date ?? "",
    country_id: profile.country ? String(profile.country.id) : "",
    nationality: profile.nationality ?? "",
  });
  // Changing one's own sign-in address needs one's current password.
  const [currentPassword, setCurrentPassword] = useState("");
  const newOwnAddress = profile.is_self && v.email.trim().toLowerCase() !== profile.email;
  const { errors, pending, save } = useSave();
  const readOnly = !profile.can.edit;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const text = (k: keyof typeof v, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} errors={errors[k]}>
      <Input value={v[k] as string} onChange={set(k)} readOnly={readOnly} {...props} />
    </FormField>
  );

  // The card around the form is drawn by the server (page.tsx).
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-describedby={profile.can.refusal ? "personal-refusal" : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        save(
          () =>
            saveProfile(profile.id, {
              ...v,
              language_ids: ticked(form, "language_ids"),
              branch_ids: ticked(form, "branch_ids"),
              country_id: v.country_id || null,
              ...(newOwnAddress && { current_password: currentPassword }),
            }),
          // A new address waits for confirmation: the field shows the one in use.
          () => {
            setV((s) => ({ ...s, email: profile.email }));
            setCurrentPassword("");
          },
        );
      }}
    >
      {refusal}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text("first_name", "First name", {
          autoComplete: "given-name",
          required: true,
          maxLength: limits.first_name,
        })}
        {text("last_name", "Last name", {
          autoComplete: "family-name",
          required: true,
          maxLength: limits.last_name,
        })}
        <div className="flex flex-col gap-2">
          {text("email", "E-mail", {
            type: "email",
            autoComplete: "email",
            required: true,
            maxLength: limits.email,
          })}
          {pendingEmail}
        </div>
        {newOwnAddress && !readOnly && (
          <FormField
            label="Current password"
            errors={errors.current_password}
            hint="Needed to change the address you sign in with. We then mail the new address a link to confirm it."
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              required
            />
          </FormField>
        )}
        {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        {text("address", "Address", {
          autoComplete: "street-address",
          maxLength: limits.address,
        })}
        <div className="grid grid-cols-[7rem_1fr] gap-4">
          {text("zip", "Zip", { autoComplete: "postal-code", maxLength: limits.zip })}
          {text("city", "City", { autoComplete: "address-level2", maxLength: limits.city })}
        </div>
        <FormField label="Birth date" errors={errors.birth_date}>
          <DateInput
            value={v.birth_date}
            onValueChange={(d) => setV((s) => ({ ...s, birth_date: d }))}
            readOnly={readOnly}
          />
        </FormField>
        <FormField label="Country" errors={errors.country_id}>
          <Select
            value={v.country_id}
            onChange={set("country_id")}
            disabled={readOnly}
            placeholder="Choose a country"
          >
            {options.countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        {text("nationality", "Nationality", { maxLength: limits.nationality })}
      </div>
      {languages}
      <FieldErrors messages={errors.language_ids ?? []} />
      {branches}
      <FieldErrors messages={errors.branch_ids ?? []} />
      {!readOnly && (
        <div>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

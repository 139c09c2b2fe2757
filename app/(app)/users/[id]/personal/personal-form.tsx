"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import type { ProfileView } from "@/lib/services/users/profile";
import { saveProfile } from "../actions";
import { CheckList } from "@/components/ui/check-list";
import { useSave } from "../use-save";
import {
  EMAIL_MAX,
  LABEL_MAX,
  NAME_MAX,
  PERSON_NAME_MAX,
  SHORT_TEXT_MAX,
  ZIP_MAX,
} from "@/lib/domain/text-limits";

type Option = { id: number; name: string };

export function PersonalForm({
  profile,
  options,
  pendingEmail,
  refusal,
}: {
  profile: ProfileView;
  /**
   * Why the viewer may not change these, drawn by the server (`Alert` with id `personal-refusal`: its four tone icons
   * stay out of the tab's first load); absent when it may.
   */
  refusal?: ReactNode;
  /** The address waiting for confirmation (pending-email.tsx), drawn by the server. */
  pendingEmail: ReactNode;
  options: { countries: Option[]; languages: Option[]; branches: Option[] };
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
    language_ids: profile.languages.map((l) => l.id),
    branch_ids: profile.branches.map((b) => b.id),
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
        save(
          () =>
            saveProfile(profile.id, {
              ...v,
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
          maxLength: PERSON_NAME_MAX,
        })}
        {text("last_name", "Last name", {
          autoComplete: "family-name",
          required: true,
          maxLength: PERSON_NAME_MAX,
        })}
        <div className="flex flex-col gap-2">
          {text("email", "E-mail", {
            type: "email",
            autoComplete: "email",
            required: true,
            maxLength: EMAIL_MAX,
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
          maxLength: SHORT_TEXT_MAX,
        })}
        <div className="grid grid-cols-[7rem_1fr] gap-4">
          {text("zip", "Zip", { autoComplete: "postal-code", maxLength: ZIP_MAX })}
          {text("city", "City", { autoComplete: "address-level2", maxLength: NAME_MAX })}
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
        {text("nationality", "Nationality", { maxLength: LABEL_MAX })}
      </div>
      <CheckList
        legend="Languages"
        options={options.languages}
        value={v.language_ids}
        onChange={(ids) => setV((s) => ({ ...s, language_ids: ids }))}
        errors={errors.language_ids}
        disabled={readOnly}
      />
      <CheckList
        legend="Branches"
        options={options.branches}
        value={v.branch_ids}
        onChange={(ids) => setV((s) => ({ ...s, branch_ids: ids }))}
        errors={errors.branch_ids}
        disabled={readOnly}
      />
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

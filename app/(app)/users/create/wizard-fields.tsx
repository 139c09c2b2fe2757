"use client";

import { useRef } from "react";
import { Plus, Trash2 } from "lucide-react";
import { NewPasswordField } from "@/components/auth/password-rules";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldErrors, FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { DateInput } from "@/components/ui/date-input";
import type { WizardField } from "@/lib/domain/user-wizard";
import type { FieldErrors as Errors } from "@/lib/services/errors";
import type { WizardOptions } from "@/lib/services/users/wizard-options";

export interface SkillRow {
  key: number;
  skill_id: string;
  level_id: string;
  experience: string;
}

/** One field of a wizard step, by its type (the skills list has its own editor). */
export function WizardFieldControl({
  field: f,
  value,
  errors,
  set,
  options,
  countryId,
}: {
  field: WizardField;
  value: string | boolean | string[] | undefined;
  errors: string[] | undefined;
  set: (name: string, value: string | boolean | string[]) => void;
  options: WizardOptions;
  /** The country chosen on the personal step ("" for none): branches are narrowed to it. */
  countryId: string;
}) {
  const common = { label: f.label, required: f.required, errors: errors };
  switch (f.type) {
    case "checkbox":
      return (
        <Checkbox
          label={f.label}
          checked={value === true}
          onChange={(e) => set(f.name, e.target.checked)}
          errors={errors}
        />
      );
    case "date":
      return (
        <FormField {...common} hint={f.hint}>
          <DateInput
            value={typeof value === "string" ? value : ""}
            onValueChange={(v) => set(f.name, v)}
          />
        </FormField>
      );
    case "select": {
      const list =
        f.options === "countries"
          ? options.countries
          : f.options === "companies"
            ? options.companies
            : [];
      return (
        <FormField {...common}>
          <Select
            value={typeof value === "string" ? value : ""}
            onChange={(e) => set(f.name, e.target.value)}
            placeholder={`Choose a ${f.label.toLowerCase()}`}
          >
            {list.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </FormField>
      );
    }
    case "multiselect": {
      const list =
        f.options === "languages"
          ? options.languages
          : options.branches.filter((b) => !countryId || String(b.country_id) === countryId);
      const country = options.countries.find((c) => String(c.id) === countryId);
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset
          tabIndex={-1}
          data-invalid={errors?.length ? "" : undefined}
          className="flex flex-col gap-1 outline-none sm:col-span-2"
        >
          <legend className="text-sm font-medium text-gray-900">
            {f.label}
            {f.required && (
              <span aria-hidden="true" className="ml-0.5 text-danger-700">
                *
              </span>
            )}
          </legend>
          {f.options === "branches" && country && (
            <p className="text-sm text-gray-600">
              {list.length
                ? `The branches in ${country.name}.`
                : `There is no branch in ${country.name} yet.`}
            </p>
          )}
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-3">
            {list.map((o) => (
              <Checkbox
                key={o.id}
                label={o.name}
                checked={chosen.includes(String(o.id))}
                onChange={(e) =>
                  set(
                    f.name,
                    e.target.checked
                      ? [...chosen, String(o.id)]
                      : chosen.filter((c) => c !== String(o.id)),
                  )
                }
              />
            ))}
          </div>
          <FieldErrors messages={errors ?? []} />
        </fieldset>
      );
    }
    case "password":
      return (
        <NewPasswordField
          label={f.label}
          errors={errors}
          value={typeof value === "string" ? value : ""}
          onChange={(v) => set(f.name, v)}
        />
      );
    default:
      return (
        <FormField {...common} hint={f.hint}>
          <Input
            type={f.type}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => set(f.name, e.target.value)}
            autoComplete={f.type === "email" ? "off" : undefined}
          />
        </FormField>
      );
  }
}

/** The skills of a new worker: rows of skill, level and years, added and removed freely. */
export function SkillsEditor({
  rows: skills,
  onChange: setSkills,
  options,
  errors,
}: {
  rows: SkillRow[];
  onChange: (update: (rows: SkillRow[]) => SkillRow[]) => void;
  options: WizardOptions;
  errors: Errors;
}) {
  // Rows keep their keys across steps (the editor remounts), so new ones count on from the highest.
  const nextKey = useRef(Math.max(-1, ...skills.map((r) => r.key)) + 1);
  const skillErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith("skills"))
    .flatMap(([, m]) => m);
  const update = (key: number, patch: Partial<SkillRow>) =>
    setSkills((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset
      tabIndex={-1}
      data-invalid={skillErrors.length ? "" : undefined}
      className="flex flex-col gap-3 outline-none sm:col-span-2"
    >
      <legend className="mb-1 text-sm font-medium text-gray-900">
        Skills, with level and years of experience
      </legend>
      {skills.map((row, i) => (
        <div
          key={row.key}
          className="grid grid-cols-1 gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-[2fr_1.5fr_1fr_auto] sm:items-end"
        >
          <FormField label={`Skill ${i + 1}`}>
            <Select
              value={row.skill_id}
              onChange={(e) => update(row.key, { skill_id: e.target.value })}
              placeholder="Choose a skill"
            >
              {options.skills.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.group} – {s.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={`Level of skill ${i + 1}`}>
            <Select
              value={row.level_id}
              onChange={(e) => update(row.key, { level_id: e.target.value })}
              placeholder="No level"
            >
              {options.levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={`Years, skill ${i + 1}`}>
            <Input
              type="number"
              min={0}
              max={60}
              inputMode="numeric"
              value={row.experience}
              onChange={(e) => update(row.key, { experience: e.target.value })}
            />
          </FormField>
          <Button
            type="button"
            variant="ghost"
            aria-label={`Remove skill ${i + 1}`}
            disabled={skills.length === 1}
            onClick={() => setSkills((rows) => rows.filter((r) => r.key !== row.key))}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setSkills((rows) => [
              ...rows,
              { key: nextKey.current++, skill_id: "", level_id: "", experience: "" },
            ])
          }
        >
          <Plus aria-hidden /> Add a skill
        </Button>
      </div>
      <FieldErrors messages={[...new Set(skillErrors)]} />
    </fieldset>
  );
}

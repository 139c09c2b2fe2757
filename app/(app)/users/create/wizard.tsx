"use client";

import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Plus, Trash2 } from "lucide-react";
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  DateInput,
  FieldErrors,
  FormField,
  Input,
  Select,
  cn,
  notify,
} from "@/components/ui";
import { PASSWORD_RULES } from "@/lib/domain/password";
import { isoToDisplay } from "@/lib/domain/time-entry";
import {
  STEP_TITLES,
  stepFields,
  stepsFor,
  wizardKind,
  type WizardField,
  type WizardStep,
} from "@/lib/domain/user-wizard";
import type { FieldErrors as Errors } from "@/lib/services/errors";
import type { WizardOptions } from "@/lib/services/users/wizard-options";
import { createUserAction, validateUserStepAction } from "./actions";

interface SkillRow {
  key: number;
  skill_id: string;
  level_id: string;
  experience: string;
}

type Values = Record<string, string | boolean | string[]>;

/** The step a server error belongs to, by its field (so a failed final call shows it in place). */
function stepOfField(field: string): WizardStep {
  const head = field.split(".")[0];
  if (head === "role_id") return "role";
  if (head === "email" || head === "password") return "account";
  if (head === "skills") return "skills";
  if (head === "branches") return "branches";
  if (head === "payment_settings") return "payment";
  if (head === "company_id") return "company";
  return "personal";
}

const PAYMENT_FIELDS = new Set([
  "has_danish_bank",
  "iban",
  "swift",
  "reg",
  "konto",
  "social_security",
  "tax_card",
  "has_tax_id",
  "tax_id",
  "company_name",
]);

export function CreateUserWizard({ options }: { options: WizardOptions }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [roleId, setRoleId] = useState("");
  const [index, setIndex] = useState(0);
  const [values, setValues] = useState<Values>({});
  const [skills, setSkills] = useState<SkillRow[]>([
    { key: 0, skill_id: "", level_id: "", experience: "" },
  ]);
  const [errors, setErrors] = useState<Errors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const nextKey = useRef(1);

  const role = options.roles.find((r) => String(r.id) === roleId);
  const kind = role ? wizardKind(role.title) : "staff";
  const steps = role ? stepsFor(kind) : (["role"] as WizardStep[]);
  const step = steps[Math.min(index, steps.length - 1)];
  const last = role !== undefined && index === steps.length - 1;
  const danishBank = values.has_danish_bank === true;

  const set = (name: string, value: string | boolean | string[]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's server message goes once the field is changed.
    setErrors((e) => {
      if (!e[name] && !e[`payment_settings.${name}`]) return e;
      const { [name]: _a, [`payment_settings.${name}`]: _b, ...rest } = e;
      return rest;
    });
  };

  const errorsOf = (name: string) =>
    errors[name] ?? errors[`payment_settings.${name}`] ?? undefined;

  function payload(): Record<string, unknown> {
    const v = values;
    const payment = Object.fromEntries(
      Object.entries(v).filter(([k]) => PAYMENT_FIELDS.has(k)),
    ) as Record<string, unknown>;
    return {
      role_id: roleId,
      email: v.email ?? "",
      password: v.password ?? "",
      first_name: v.first_name ?? "",
      last_name: v.last_name ?? "",
      phone: v.phone ?? "",
      birth_date: typeof v.birth_date === "string" ? isoToDisplay(v.birth_date) : "",
      country_id: v.country_id ?? "",
      languages: v.languages ?? [],
      branches: v.branches ?? [],
      company_id: v.company_id ?? "",
      skills: skills
        .filter((s) => s.skill_id)
        .map((s) => ({ skill_id: s.skill_id, level_id: s.level_id, experience: s.experience })),
      payment_settings: payment,
    };
  }

  const goTo = (i: number) => {
    setIndex(i);
    setErrors({});
    // The new step's title takes the focus, so a screen reader hears where it is.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const next = () =>
    start(async () => {
      if (!role) {
        setErrors({ role_id: ["Choose a role."] });
        return;
      }
      if (step === "role") return goTo(index + 1);
      const r = await validateUserStepAction({ ...payload(), step });
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      goTo(index + 1);
    });

  const submit = () =>
    start(async () => {
      const r = await createUserAction(payload());
      if (!r.ok) {
        // spec §8: the server's message as an error toast; the fields show theirs in place.
        notify.error(r.message);
        const first = Object.keys(r.errors ?? {})[0];
        if (first) {
          const at = steps.indexOf(stepOfField(first));
          if (at >= 0 && at !== index) goTo(at);
        }
        setErrors(r.errors ?? {});
        return;
      }
      notify.success(r.data.message);
      router.push("/users");
    });

  function field(f: WizardField) {
    const value = values[f.name];
    const common = { label: f.label, required: f.required, errors: errorsOf(f.name) };
    switch (f.type) {
      case "checkbox":
        return (
          <Checkbox
            key={f.name}
            label={f.label}
            checked={value === true}
            onChange={(e) => set(f.name, e.target.checked)}
            errors={errorsOf(f.name)}
          />
        );
      case "date":
        return (
          <FormField key={f.name} {...common} hint={f.hint}>
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
          <FormField key={f.name} {...common}>
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
        const list = f.options === "languages" ? options.languages : options.branches;
        const chosen = Array.isArray(value) ? value : [];
        return (
          <fieldset key={f.name} className="flex flex-col gap-1 sm:col-span-2">
            <legend className="text-sm font-medium text-gray-900">
              {f.label}
              {f.required && (
                <span aria-hidden="true" className="ml-0.5 text-danger-700">
                  *
                </span>
              )}
            </legend>
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
            <FieldErrors messages={errorsOf(f.name) ?? []} />
          </fieldset>
        );
      }
      case "skills":
        return skillsEditor(f.name);
      default:
        return (
          <FormField
            key={f.name}
            {...common}
            hint={f.type === "password" ? <PasswordHint value={String(value ?? "")} /> : f.hint}
          >
            <Input
              type={f.type}
              value={typeof value === "string" ? value : ""}
              onChange={(e) => set(f.name, e.target.value)}
              autoComplete={
                f.type === "password" ? "new-password" : f.type === "email" ? "off" : undefined
              }
            />
          </FormField>
        );
    }
  }

  function skillsEditor(key: string) {
    const skillErrors = Object.entries(errors)
      .filter(([k]) => k.startsWith("skills"))
      .flatMap(([, m]) => m);
    const update = (key: number, patch: Partial<SkillRow>) =>
      setSkills((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    return (
      <fieldset key={key} className="flex flex-col gap-3 sm:col-span-2">
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

  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={i === index ? "step" : undefined}
            className={cn(
              "rounded-full px-3 py-1 ring-1",
              i === index
                ? "bg-accent-600 font-medium text-white ring-accent-600"
                : i < index
                  ? "bg-accent-50 text-accent-800 ring-accent-200"
                  : "bg-white text-gray-700 ring-gray-300",
            )}
          >
            {i + 1}. {STEP_TITLES[s]}
          </li>
        ))}
        {!role && <li className="px-1 py-1 text-gray-600">then the steps of the role</li>}
      </ol>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {STEP_TITLES[step]}
          </h2>
          <form
            noValidate
            className="grid grid-cols-1 gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (last) submit();
              else next();
            }}
          >
            {step === "role" ? (
              <fieldset className="flex flex-col gap-2 sm:col-span-2">
                <legend className="mb-1 text-sm font-medium text-gray-900">
                  Which role does the new user have?
                </legend>
                {options.roles.map((r) => (
                  <label
                    key={r.id}
                    className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50"
                  >
                    <input
                      type="radio"
                      name="role_id"
                      value={r.id}
                      checked={roleId === String(r.id)}
                      onChange={() => {
                        setRoleId(String(r.id));
                        setErrors({});
                      }}
                      className="mt-1 size-4 accent-accent-600"
                    />
                    <span>
                      <span className="block font-medium">{r.title}</span>
                      {r.description && (
                        <span className="block text-sm text-gray-700">{r.description}</span>
                      )}
                    </span>
                  </label>
                ))}
                <FieldErrors messages={errors.role_id ?? []} />
              </fieldset>
            ) : (
              stepFields(kind, step, { danishBank }).map(field)
            )}
            <div className="flex flex-wrap justify-between gap-2 sm:col-span-2">
              <Button
                type="button"
                variant="secondary"
                disabled={index === 0 || pending}
                onClick={() => goTo(index - 1)}
              >
                Back
              </Button>
              <Button type="submit" loading={pending}>
                {last ? "Create user" : "Next"}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The password rules of spec §5, ticked off as they are met. */
function PasswordHint({ value }: { value: string }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {PASSWORD_RULES.map((r) => {
        const ok = r.test(value);
        return (
          <span key={r.key} className={ok ? "text-success-700" : "text-gray-600"}>
            {ok ? "✓" : "•"} {r.label}
            <span className="sr-only">{ok ? " (met)" : " (not met yet)"}</span>
          </span>
        );
      })}
    </span>
  );
}

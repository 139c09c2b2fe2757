"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldErrors } from "@/components/ui/form-field";
import { cn } from "@/components/ui/cn";
import { focusFirstError } from "@/components/ui/error-summary";
import { notify } from "@/components/ui/toaster";
import { isoToDisplay } from "@/lib/domain/time-entry";
import {
  STEP_TITLES,
  stepFields,
  stepsFor,
  wizardKind,
  type WizardStep,
} from "@/lib/domain/user-wizard";
import type { FieldErrors as Errors } from "@/lib/services/errors";
import type { WizardOptions } from "@/lib/services/users/wizard-options";
import { createUserAction, validateUserStepAction } from "./actions";
import { SkillsEditor, WizardFieldControl, type SkillRow } from "./wizard-fields";

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

export function CreateUserWizard({
  options,
  preset,
}: {
  options: WizardOptions;
  /** A role (by title) and company chosen in advance, e.g. a contact of one client. */
  preset?: { roleTitle?: string; companyId?: string };
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [roleId, setRoleId] = useState(() => {
    const role = options.roles.find((r) => r.title === preset?.roleTitle);
    return role ? String(role.id) : "";
  });
  const [index, setIndex] = useState(0);
  const [values, setValues] = useState<Values>(() => {
    const company = options.companies.find((c) => String(c.id) === preset?.companyId);
    const initial: Values = {};
    if (company) initial.company_id = String(company.id);
    return initial;
  });
  const [skills, setSkills] = useState<SkillRow[]>([
    { key: 0, skill_id: "", level_id: "", experience: "" },
  ]);
  const [errors, setErrors] = useState<Errors>({});
  // Bumped when the server refuses fields: once they are drawn, the first one takes the focus.
  const [refusals, setRefusals] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);

  const role = options.roles.find((r) => String(r.id) === roleId);
  const kind = role ? wizardKind(role.title) : "staff";
  const steps = role ? stepsFor(kind) : (["role"] as WizardStep[]);
  const step = steps[Math.min(index, steps.length - 1)];
  const last = role !== undefined && index === steps.length - 1;
  const danishBank = values.has_danish_bank === true;

  const branchCountry = new Map(options.branches.map((b) => [String(b.id), String(b.country_id)]));

  const set = (name: string, value: string | boolean | string[]) => {
    setValues((v) => {
      const next = { ...v, [name]: value };
      // Branches are those of the user's country: a new country drops the others.
      if (name === "country_id" && value && Array.isArray(v.branches))
        next.branches = v.branches.filter((id) => branchCountry.get(id) === value);
      return next;
    });
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
      ...(v.send_password_link === true
        ? { send_password_link: true }
        : { password: v.password ?? "" }),
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

  /**
   * A refusal: field errors are shown once, in place, and the first takes the focus (on its
   * own step); a refusal without field errors (spec §8) is the server's message as a toast.
   */
  const refused = (r: { message: string; errors?: Errors }) => {
    const errs = r.errors ?? {};
    const first = Object.keys(errs)[0];
    if (!first) {
      notify.error(r.message);
      return;
    }
    const at = steps.indexOf(stepOfField(first));
    if (at >= 0) setIndex(at);
    setErrors(errs);
    setRefusals((n) => n + 1);
  };

  const next = () =>
    start(async () => {
      if (!role) {
        setErrors({ role_id: ["Choose a role."] });
        return;
      }
      if (step === "role") return goTo(index + 1);
      const r = await validateUserStepAction({ ...payload(), step });
      if (!r.ok) return refused(r);
      goTo(index + 1);
    });

  const submit = () =>
    start(async () => {
      const r = await createUserAction(payload());
      if (!r.ok) return refused(r);
      notify.success(r.data.message);
      // Spec §2: to /users, where the new user is listed first and marked.
      router.push(`/users?created=${r.data.id}`);
    });

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
            ref={formRef}
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
              stepFields(kind, step, {
                danishBank,
                passwordLink: values.send_password_link === true,
              }).map((f) =>
                f.type === "skills" ? (
                  <SkillsEditor
                    key={f.name}
                    rows={skills}
                    onChange={setSkills}
                    options={options}
                    errors={errors}
                  />
                ) : (
                  <WizardFieldControl
                    key={f.name}
                    field={f}
                    value={values[f.name]}
                    errors={errorsOf(f.name)}
                    set={set}
                    options={options}
                    countryId={typeof values.country_id === "string" ? values.country_id : ""}
                  />
                ),
              )
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

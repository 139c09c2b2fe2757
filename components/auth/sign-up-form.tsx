"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldErrors, FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import {
  ErrorSummary,
  focusFirstError,
  type ErrorSummaryItem,
} from "@/components/ui/error-summary";
import { notify } from "@/components/ui/toaster";
import { registrationFailureMessage } from "@/lib/domain/registration-message";
import { NewPasswordField } from "./password-rules";

export interface SignUpOptions {
  countries: { id: number; name: string }[];
  branches: { id: number; name: string; country_id: number }[];
  skills: { id: number; name: string; parent_id: number | null }[];
  languages: { id: number; name: string }[];
}

type Errors = Record<string, string[]>;

/**
 * The id of each field's control, in the order the form shows them: the error summary links
 * to them in this order.
 */
const FIELD_IDS: Record<string, string> = {
  first_name: "sign-up-first-name",
  name: "sign-up-last-name",
  email: "sign-up-email",
  phone: "sign-up-phone",
  password: "sign-up-password",
  country_id: "sign-up-country",
  branch_id: "sign-up-branch",
  skills: "sign-up-skills",
  languages: "sign-up-languages",
  issues_invoice: "sign-up-invoice",
  privacy_accepted: "sign-up-privacy",
};

/** Every message of a refused registration, field by field in the form's order. */
function summaryOf(errors: Errors): ErrorSummaryItem[] {
  return Object.entries(FIELD_IDS).flatMap(([field, target]) =>
    (errors[field] ?? []).map((message) => ({ target, message })),
  );
}

/** How long the e-mail field waits after the last key before asking whether it is free. */
const EMAIL_CHECK_DEBOUNCE_MS = 400;

/**
 * The freelancer's registration (spec §2 /sign-up). It posts the multipart form of spec §3 to
 * POST /api/v2/register, the same call outside clients use; the e-mail is checked with
 * POST check-email-free as it is typed.
 */
export function SignUpForm({
  options,
  invitedBy,
  inviterName,
  initialEmail,
}: {
  options: SignUpOptions;
  invitedBy: number | null;
  inviterName: string | null;
  initialEmail: string;
}) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [checked, setChecked] = useState<{
    email: string;
    free: boolean;
    message: string;
  } | null>(null);
  // The answer of check-email-free counts only for the address it was asked about.
  const emailNote = checked && checked.email === email.trim().toLowerCase() ? checked : null;
  const [password, setPassword] = useState("");
  const [countryId, setCountryId] = useState(
    options.countries.length === 1 ? String(options.countries[0].id) : "",
  );
  const [branchId, setBranchId] = useState("");
  const [skills, setSkills] = useState<number[]>([]);
  const [languages, setLanguages] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Bumped when a refusal comes back: once its errors are drawn, the first one takes the focus.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const checkSeq = useRef(0);
  const summary = summaryOf(errors);

  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);

  const branches = useMemo(
    () => options.branches.filter((b) => String(b.country_id) === countryId),
    [options.branches, countryId],
  );
  const parents = options.skills.filter((s) => s.parent_id === null);
  const childrenOf = (id: number) => options.skills.filter((s) => s.parent_id === id);

  useEffect(() => {
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return;
    const seq = ++checkSeq.current;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch("/api/v2/check-email-free", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: value }),
        });
        const body = (await res.json()) as {
          data?: { email: string; free: boolean; message: string };
        };
        if (seq === checkSeq.current && res.ok && body.data) setChecked(body.data);
      } catch {
        /* the check is a convenience: the registration checks again */
      }
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email]);

  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMessage(null);
    setErrors({});
    const form = new FormData(e.currentTarget);
    form.set("skills", skills.join(","));
    form.set("languages", languages.join(","));
    form.set("issues_invoice", form.get("issues_invoice") ? "1" : "0");
    form.set("privacy_accepted", form.get("privacy_accepted") ? "1" : "0");
    if (invitedBy) form.set("invited_by", String(invitedBy));
    setPending(true);
    try {
      const res = await fetch("/api/v2/register", { method: "POST", body: form });
      const body: unknown = await res.json().catch(() => undefined);
      if (res.ok) {
        notify.success((body as { message: string }).message, 8000);
        router.push("/sign-in");
        return;
      }
      const errs = (body as { errors?: Errors } | undefined)?.errors ?? {};
      setErrors(errs);
      // Field errors are listed in the summary; anything else (too many tries) is said once.
      if (summaryOf(errs).length === 0) setMessage(registrationFailureMessage(body, res.status));
      setRefusals((n) => n + 1);
    } catch {
      setMessage(registrationFailureMessage(undefined));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {message && <Alert tone="error">{message}</Alert>}
      <ErrorSummary items={summary} />
      {inviterName && (
        <Alert tone="info">
          You were invited by <strong>{inviterName}</strong>.
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" id={FIELD_IDS.first_name} errors={errors.first_name} required>
          <Input name="first_name" autoComplete="given-name" maxLength={100} />
        </FormField>
        <FormField label="Last name" id={FIELD_IDS.name} errors={errors.name} required>
          <Input name="name" autoComplete="family-name" maxLength={100} />
        </FormField>
      </div>
      <FormField
        label="Email"
        id={FIELD_IDS.email}
        errors={errors.email ?? (emailNote && !emailNote.free ? [emailNote.message] : undefined)}
        hint={emailNote?.free ? "This address is free." : undefined}
        required
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField label="Phone" id={FIELD_IDS.phone} errors={errors.phone} required>
        <Input name="phone" type="tel" autoComplete="tel" placeholder="+45 20 30 40 50" />
      </FormField>
      <NewPasswordField
        id={FIELD_IDS.password}
        label="Password"
        errors={errors.password}
        value={password}
        onChange={setPassword}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Country" id={FIELD_IDS.country_id} errors={errors.country_id} required>
          <Select
            name="country_id"
            placeholder="Choose a country"
            value={countryId}
            onChange={(e) => {
              setCountryId(e.target.value);
              setBranchId("");
            }}
          >
            {options.countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Branch" id={FIELD_IDS.branch_id} errors={errors.branch_id} required>
          <Select
            name="branch_id"
            placeholder={countryId ? "Choose a branch" : "Choose a country first"}
            value={branchId}
            onChange={(e) => setBranchId(e.target.value)}
            disabled={!countryId}
          >
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <fieldset
        id={FIELD_IDS.skills}
        tabIndex={-1}
        data-invalid={errors.skills ? "" : undefined}
        className="flex flex-col gap-1 outline-none"
      >
        <legend className="mb-1 text-sm font-medium text-gray-900">
          Skills <span className="font-normal text-gray-600">(what you can work as)</span>
        </legend>
        <div className="flex max-h-64 flex-col overflow-y-auto rounded-control border border-gray-200 px-3 py-1">
          {parents.map((p) => {
            const subs = childrenOf(p.id);
            return (
              <div key={p.id}>
                <Checkbox
                  label={p.name}
                  checked={skills.includes(p.id)}
                  onChange={() => setSkills((s) => toggle(s, p.id))}
                />
                {subs.map((c) => (
                  <Checkbox
                    key={c.id}
                    className="pl-6"
                    label={c.name}
                    checked={skills.includes(c.id)}
                    onChange={() => setSkills((s) => toggle(s, c.id))}
                  />
                ))}
              </div>
            );
          })}
        </div>
        <FieldErrors messages={errors.skills ?? []} />
      </fieldset>
      <fieldset
        id={FIELD_IDS.languages}
        tabIndex={-1}
        data-invalid={errors.languages ? "" : undefined}
        className="flex flex-col gap-1 outline-none"
      >
        <legend className="mb-1 text-sm font-medium text-gray-900">Languages you speak</legend>
        <div className="grid grid-cols-2 gap-x-3 rounded-control border border-gray-200 px-3 py-1">
          {options.languages.map((l) => (
            <Checkbox
              key={l.id}
              label={l.name}
              checked={languages.includes(l.id)}
              onChange={() => setLanguages((s) => toggle(s, l.id))}
            />
          ))}
        </div>
        <FieldErrors messages={errors.languages ?? []} />
      </fieldset>
      <Checkbox
        id={FIELD_IDS.issues_invoice}
        name="issues_invoice"
        label="I invoice my work through my own company"
        errors={errors.issues_invoice}
      />
      <Checkbox
        id={FIELD_IDS.privacy_accepted}
        name="privacy_accepted"
        required
        errors={errors.privacy_accepted}
        label={
          <>
            I have read and accept the{" "}
            <NavLink href="/privacy-notice" target="_blank" className="text-accent-700 underline">
              privacy notice
            </NavLink>
          </>
        }
      />
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Create my account
      </Button>
      <p className="text-center text-sm text-gray-600">
        Already have an account?{" "}
        <NavLink href="/sign-in" className="text-accent-700 underline">
          Sign in
        </NavLink>
      </p>
    </form>
  );
}

"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField, Input } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/http/action";
import { NewPasswordField } from "./password-rules";

type Errors = Record<string, string[]>;

/** /password-reset: asks for the e-mail; the answer is the same whether the account exists. */
export function ForgotPasswordForm({
  send,
}: {
  send: (input: { email: string }) => Promise<ActionResult<{ message: string }>>;
}) {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    start(async () => {
      const result = await send({ email });
      if (result.ok) {
        setSent(result.data.message);
        return;
      }
      setErrors(result.errors ?? {});
      setError(result.errors ? null : result.message);
    });
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">{sent}</Alert>
        <p className="text-sm text-gray-600">
          The link works once and for one hour. No mail? Check the spam folder, or ask again.
        </p>
        <NavLink href="/sign-in" className="text-sm text-accent-700 underline">
          Back to sign in
        </NavLink>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <FormField label="Email" errors={errors.email} required>
        <Input
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </FormField>
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Send me a reset link
      </Button>
      <NavLink href="/sign-in" className="text-sm text-accent-700 underline">
        Back to sign in
      </NavLink>
    </form>
  );
}

/** /password/reset/{token}: the new password twice, with the strength rules live. */
export function NewPasswordForm({
  token,
  save,
}: {
  token: string;
  save: (input: {
    token: string;
    password: string;
    password_confirmation: string;
  }) => Promise<ActionResult<{ message: string }>>;
}) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    start(async () => {
      const result = await save({ token, password, password_confirmation: confirmation });
      if (result.ok) {
        router.push("/sign-in?passwordChanged=true");
        return;
      }
      const errs = result.errors ?? {};
      setErrors(errs);
      // A spent or expired link is not a field the user can fix: say so above the form.
      setError(errs.token?.[0] ?? (result.errors ? null : result.message));
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {error && (
        <Alert tone="error">
          {error}{" "}
          {errors.token && (
            <NavLink href="/password-reset" className="underline">
              Ask for a new link
            </NavLink>
          )}
        </Alert>
      )}
      <NewPasswordField
        label="New password"
        errors={errors.password}
        value={password}
        onChange={setPassword}
        autoFocus
      />
      <FormField label="Repeat the new password" errors={errors.password_confirmation} required>
        <Input
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Save the new password
      </Button>
    </form>
  );
}

"use client";

import { useState, useTransition } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField, Input } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/http/action";
import type { BrowserSignInResult } from "@/lib/services/auth/login";
import { TWO_FACTOR_TICKET_KEY, forgetStoredRememberToken, openSession } from "./session-client";

type Step = (input: {
  email: string;
  password: string;
}) => Promise<ActionResult<BrowserSignInResult>>;

export function SignInForm({ step }: { step: Step }) {
  const router = useRouter();
  const params = useSearchParams();
  const callbackUrl = params.get("callbackUrl") ?? "/";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setErrors({});
    start(async () => {
      forgetStoredRememberToken();
      const result = await step({ email, password });
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setMessage(result.errors ? null : result.message);
        return;
      }
      if (result.data.stage === "two_factor") {
        sessionStorage.setItem(TWO_FACTOR_TICKET_KEY, result.data.ticket);
        router.push(`/two-factor?callbackUrl=${encodeURIComponent(callbackUrl)}`);
        return;
      }
      const failure = await openSession(result.data.ticket, callbackUrl);
      if (failure) setMessage(failure);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {message && <Alert tone="error">{message}</Alert>}
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
      <FormField label="Password" errors={errors.password} required>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Sign in
      </Button>
    </form>
  );
}

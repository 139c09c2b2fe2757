"use client";

import { NavLink } from "@/components/ui/nav-link";
import { useState, useSyncExternalStore, useTransition } from "react";
import { useSearchParams } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input } from "@/components/ui/form-field";
import type { ActionResult } from "@/lib/http/action";
import { TWO_FACTOR_TICKET_KEY, openSession } from "./session-client";

type Step = (input: {
  ticket: string;
  otp: string;
  rememberDevice: boolean;
}) => Promise<ActionResult<{ ticket: string }>>;

const noop = () => () => undefined;
const readTicket = () => sessionStorage.getItem(TWO_FACTOR_TICKET_KEY);

export function TwoFactorForm({ step }: { step: Step }) {
  const params = useSearchParams();
  const callbackUrl = params.get("callbackUrl") ?? "/";
  const ticket = useSyncExternalStore(noop, readTicket, () => "");
  const [otp, setOtp] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();

  if (ticket === null) {
    return (
      <Alert tone="info">
        Your sign-in has expired. Please{" "}
        <NavLink href="/sign-in" className="font-medium underline">
          sign in again
        </NavLink>
        .
      </Alert>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setErrors({});
    start(async () => {
      const result = await step({ ticket: ticket ?? "", otp, rememberDevice: remember });
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setMessage(result.errors ? null : result.message);
        return;
      }
      sessionStorage.removeItem(TWO_FACTOR_TICKET_KEY);
      const failure = await openSession(result.data.ticket, callbackUrl);
      if (failure) setMessage(failure);
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {message && <Alert tone="error">{message}</Alert>}
      <FormField
        label="Authentication code"
        errors={errors.otp}
        hint="The 6-digit code from your authenticator app."
        required
      >
        <Input
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
          autoFocus
          className="text-center text-2xl tracking-[0.4em] tabular-nums"
        />
      </FormField>
      <Checkbox
        label="Remember this device for 30 days"
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
      />
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Verify and sign in
      </Button>
      <NavLink href="/sign-in" className="text-center text-sm text-accent-700 hover:underline">
        Use another account
      </NavLink>
    </form>
  );
}

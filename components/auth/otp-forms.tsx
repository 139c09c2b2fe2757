"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

type Result = ActionResult<{ message: string }>;

export function EnableOtpForm({ enable }: { enable: (otp: string) => Promise<Result> }) {
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const router = useRouter();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    start(async () => {
      const r = await enable(otp);
      if (!r.ok) {
        setError(r.errors?.otp?.[0] ?? r.message);
        notify.error(r.message);
        return;
      }
      notify.success(r.data.message);
      router.push("/");
      router.refresh();
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Code from the app" errors={error ? [error] : undefined} required>
        <Input
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ""))}
          className="text-center text-2xl tracking-[0.4em] tabular-nums"
        />
      </FormField>
      <Button type="submit" size="lg" fullWidth loading={pending} disabled={pending}>
        Turn on two-factor login
      </Button>
    </form>
  );
}

export function DisableOtpForm({ disable }: { disable: (password: string) => Promise<Result> }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const router = useRouter();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    start(async () => {
      const r = await disable(password);
      if (!r.ok) {
        setError(r.errors?.password?.[0] ?? r.message);
        notify.error(r.message);
        return;
      }
      notify.success(r.data.message);
      router.push("/");
      router.refresh();
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Password" errors={error ? [error] : undefined} required>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        variant="danger"
        size="lg"
        fullWidth
        loading={pending}
        disabled={pending}
      >
        Turn off two-factor login
      </Button>
    </form>
  );
}

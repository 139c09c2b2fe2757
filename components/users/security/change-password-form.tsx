"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { NewPasswordField } from "@/components/auth/password-rules";
import type { ActionResult } from "@/lib/http/action";

type Save = (input: {
  current_password: string;
  password: string;
  password_confirmation: string;
}) => Promise<ActionResult<{ message: string }>>;

/** Change one's own password: the current one first; the other sessions and tokens end. */
export function ChangePasswordForm({ save }: { save: Save }) {
  const router = useRouter();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    start(async () => {
      const result = await save({
        current_password: current,
        password,
        password_confirmation: confirmation,
      });
      if (!result.ok) {
        setErrors(result.errors ?? {});
        setError(result.errors ? null : result.message);
        return;
      }
      setCurrent("");
      setPassword("");
      setConfirmation("");
      notify.success(result.data.message);
      router.refresh();
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <FormField label="Current password" errors={errors.current_password} required>
        <Input
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </FormField>
      <NewPasswordField
        label="New password"
        errors={errors.password}
        value={password}
        onChange={setPassword}
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
      <div>
        <Button type="submit" loading={pending} disabled={pending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

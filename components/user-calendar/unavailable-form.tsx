"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { dayLabel } from "@/lib/domain/user-calendar";
import type { ActionResult } from "@/lib/http/action";
import type { FieldErrors } from "@/lib/services/errors";

type Done = ActionResult<{ message: string }>;
type Range = { from: string; to?: string; note?: string };

/**
 * "Mark days unavailable": a range (one day when "To" is empty, at most 62) and a short note.
 * The verb checks everything; its field messages show under the fields.
 */
export function UnavailableForm({
  userId,
  mark,
}: {
  userId: number;
  mark: (userId: number, input: Range) => Promise<Done>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const result = await mark(userId, { from, to, note });
      if (result.ok) {
        setErrors({});
        setFrom("");
        setTo("");
        setNote("");
        notify.success(result.data.message);
        router.refresh();
      } else {
        setErrors(result.errors ?? {});
        notify.error(result.message);
      }
    });
  };

  return (
    <Card data-testid="unavailable-form">
      <CardHeader>
        <CardTitle as="h3">Mark days unavailable</CardTitle>
        <CardDescription>
          Today or later, at most 62 days at a time. Leave &quot;To&quot; empty for one day.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
          <FormField label="From" errors={errors.from} required>
            <DateInput value={from} onValueChange={setFrom} />
          </FormField>
          <FormField label="To" errors={errors.to}>
            <DateInput value={to} onValueChange={setTo} />
          </FormField>
          <FormField label="Note" errors={errors.note}>
            <Input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={pending}>
            Mark unavailable
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** "Remove" beside one day marked unavailable. */
export function RemoveUnavailableButton({
  userId,
  date,
  unmark,
}: {
  userId: number;
  date: string;
  unmark: (userId: number, input: Range) => Promise<Done>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-label={`Remove unavailable day ${dayLabel(date)}`}
      onClick={() =>
        start(async () => {
          const result = await unmark(userId, { from: date });
          if (result.ok) notify.success(result.data.message);
          else notify.error(result.message);
          router.refresh();
        })
      }
    >
      Remove
    </Button>
  );
}

"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";
import { SERVER_ACTION_BODY_LIMIT } from "@/lib/http/body-limits";
import { sentBytes } from "@/lib/domain/text-limits";

export type FieldErrors = Record<string, string[]>;

/**
 * The create/edit dialog of a master-data screen. The form inside is mounted only while
 * open, so each opening starts from the saved values. The server is the one place that
 * validates: `useRecordSubmit` puts its field errors under the fields and its message in
 * an error toast.
 */
export function RecordDialog({
  open,
  onOpenChange,
  title,
  description,
  size,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  size?: "sm" | "md" | "lg";
  /** The form; rendered only while open. */
  children: () => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} size={size}>
        {open && children()}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Submitting a record form: runs the action, shows its message as a toast, keeps the field
 * errors, and on success closes (`onDone`) and refreshes the server-rendered list.
 */
export function useRecordSubmit(onDone: () => void) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [errors, setErrors] = useState<FieldErrors>({});
  /** `sent`: what the action is given, checked against the size an action takes. */
  const submit = (run: () => Promise<ActionResult<{ message: string }>>, sent?: unknown) =>
    start(async () => {
      const r = await runOrNetworkError(run, sent);
      if (!r) return;
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      setErrors({});
      notify.success(r.data.message);
      onDone();
      router.refresh();
    });
  return { pending, errors, submit };
}

/** Spec §8: what the screen says when a call never reached the server (offline, dropped). */
export const NETWORK_ERROR = "A network error has occurred";

/** A form bigger than a server action takes: said before sending, the form kept. */
export const FORM_TOO_LARGE =
  "This form is too large to send: shorten its longest text and try again. Nothing was saved.";

/** The server took the call and failed without an answer; the form keeps what was typed. */
export const SEND_FAILED = "Nothing was saved: the server could not take this form. Try again.";

/**
 * Runs a server action. An action answers every failure as a result, so a throw means the
 * call itself failed: it never reached the server (offline, dropped: NETWORK_ERROR), or the
 * server refused it before the action ran. Next refuses a body past `serverActions.
 * bodySizeLimit` that way, with a bare 500 that would otherwise replace the page with the
 * error screen and lose the form. With `sent` (the action's arguments) a body past that
 * limit is not sent at all. Either way the failure is toasted here and null returned.
 */
export async function runOrNetworkError<T>(
  run: () => Promise<T>,
  sent?: unknown,
): Promise<T | null> {
  if (sent !== undefined && sentBytes(sent) > SERVER_ACTION_BODY_LIMIT) {
    notify.error(FORM_TOO_LARGE);
    return null;
  }
  try {
    return await run();
  } catch (err) {
    notify.error(err instanceof TypeError ? NETWORK_ERROR : SEND_FAILED);
    return null;
  }
}

/** Cancel and the submit button, at the foot of a record form. */
export function RecordFormFooter({
  pending,
  submitLabel,
  disabled = false,
}: {
  pending: boolean;
  submitLabel: string;
  /** The viewer may not save this record (the form says why). */
  disabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="secondary">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** A screen's primary action: "New …" opening the empty form. */
export function NewRecordButton({
  label,
  renderDialog,
}: {
  label: string;
  renderDialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden /> {label}
      </Button>
      {renderDialog(open, setOpen)}
    </>
  );
}

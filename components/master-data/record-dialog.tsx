"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Plus } from "lucide-react";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, notify } from "@/components/ui";
import type { ActionResult } from "@/lib/http/action";

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
  const submit = (run: () => Promise<ActionResult<{ message: string }>>) =>
    start(async () => {
      const r = await runOrNetworkError(run);
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

/**
 * Runs a server action. An action answers every failure as a result, so a throw means the
 * call itself failed (no network, server gone): that is toasted here and null returned.
 */
export async function runOrNetworkError<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch {
    notify.error(NETWORK_ERROR);
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

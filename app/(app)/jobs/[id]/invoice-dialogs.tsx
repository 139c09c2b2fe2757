"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { INVOICE_MESSAGES } from "@/lib/domain/job-status";
import type { JobStatus } from "@/lib/domain/statuses";
import { COMMENT_MAX, JOB_TEXT_LIMITS } from "@/lib/domain/text-limits";

/** Both dialogs start empty each time: the caller gives them a new `key` when it opens one. */
interface Common {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (e: Event) => void;
  busy: boolean;
  /** The server's message for the field, shown in place. */
  error: string | null;
}

/** Approved → Invoiced: the invoice reference, filled with the job's own when it has one. */
export function InvoiceDialog({
  current,
  onSubmit,
  ...p
}: Common & { current: string | null; onSubmit: (reference: string) => void }) {
  const [reference, setReference] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? p.error;
  return (
    <Dialog open={p.open} onOpenChange={p.onOpenChange}>
      <DialogContent
        onCloseAutoFocus={p.onCloseAutoFocus}
        title="Mark as invoiced"
        description="Every booked place must be approved or removed. The hours of an invoiced job can no longer be changed."
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reference.trim()) return setError(INVOICE_MESSAGES.referenceRequired);
            setError(null);
            onSubmit(reference.trim());
          }}
        >
          <FormField label="Invoice reference" errors={shown ? [shown] : undefined} required>
            <Input
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={JOB_TEXT_LIMITS.invoice_reference}
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={p.busy}>
              Mark as invoiced
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The one dialog that asks for a reason: cancelling a job and reopening it (a reason is
 * required), and the reason shown on the job (empty removes it). `children` go above the field.
 */
export function ReasonDialog({
  title,
  description,
  initial = "",
  requiredMessage,
  keepLabel,
  submitLabel,
  danger = false,
  children,
  onSubmit,
  ...p
}: Common & {
  title: string;
  description: string;
  initial?: string;
  /** The message when it is left empty; without it an empty reason is allowed. */
  requiredMessage?: string;
  keepLabel: string;
  submitLabel: string;
  danger?: boolean;
  children?: ReactNode;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? p.error;
  return (
    <Dialog open={p.open} onOpenChange={p.onOpenChange}>
      <DialogContent onCloseAutoFocus={p.onCloseAutoFocus} title={title} description={description}>
        {children}
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (requiredMessage && !reason.trim()) return setError(requiredMessage);
            setError(null);
            onSubmit(reason.trim());
          }}
        >
          <FormField
            label="Reason"
            errors={shown ? [shown] : undefined}
            required={Boolean(requiredMessage)}
          >
            <Textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={COMMENT_MAX}
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {keepLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={danger ? "danger" : "primary"} loading={p.busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Invoiced → Approved or Paid → Invoiced: reopening asks why; the log keeps the reason. */
export function ReopenDialog({
  from,
  to,
  ...p
}: Common & { from: JobStatus; to: JobStatus | null; onSubmit: (reason: string) => void }) {
  return (
    <ReasonDialog
      {...p}
      title={`Reopen this job as ${to ?? ""}?`}
      description={`The job is ${from}. Say why it goes back to ${to ?? ""}; the activity log keeps the reason.`}
      requiredMessage={INVOICE_MESSAGES.reopenReasonRequired}
      keepLabel={`Keep it ${from}`}
      submitLabel={`Reopen as ${to}`}
    />
  );
}

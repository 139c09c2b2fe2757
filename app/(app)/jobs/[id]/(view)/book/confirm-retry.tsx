"use client";

import { Button, Dialog, DialogContent, DialogFooter } from "@/components/ui";

export interface PendingConfirm {
  message: string;
  retry: () => void;
  /** The confirming button: "Book" (spec §8), "Request" for a request, "Move anyway" moving. */
  label?: string;
}

/**
 * The 410 answer of spec §8: the server's warning with Book (repeat, overriding) and Cancel.
 * Moving says "Move anyway" instead: the worker is not being booked.
 */
export function ConfirmRetry({
  pending,
  busy,
  onCancel,
}: {
  pending: PendingConfirm | null;
  busy: boolean;
  onCancel: () => void;
}) {
  const label = pending?.label ?? "Book";
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      {pending && (
        <DialogContent
          title={/anyway$/.test(label) ? `${label}?` : `${label} anyway?`}
          size="sm"
          role="alertdialog"
        >
          <p className="text-sm text-gray-800">{pending.message}</p>
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={pending.retry} disabled={busy}>
              {label}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

"use client";

import { Button, Dialog, DialogContent, DialogFooter } from "@/components/ui";

export interface PendingConfirm {
  message: string;
  retry: () => void;
}

/** The 410 answer of spec §8: the server's warning with Book (repeat, overriding) and Cancel. */
export function ConfirmRetry({
  pending,
  busy,
  onCancel,
}: {
  pending: PendingConfirm | null;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      {pending && (
        <DialogContent title="Book anyway?" size="sm" role="alertdialog">
          <p className="text-sm text-gray-800">{pending.message}</p>
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={pending.retry} disabled={busy}>
              Book
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

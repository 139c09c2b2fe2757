"use client";

import { Button, type ButtonVariant } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";

/**
 * "Are you sure?" before a worker's action that cannot simply be taken back, or a server's
 * warning (410) the worker may override ("Apply anyway"): then `role="alertdialog"`.
 */
export function ConfirmDialog({
  title,
  description,
  label,
  pending,
  onCancel,
  onConfirm,
  cancelLabel = "Keep it",
  confirmVariant = "danger",
  alert = false,
}: {
  title: string;
  description: string;
  label: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  alert?: boolean;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={title}
        description={description}
        size="sm"
        role={alert ? "alertdialog" : undefined}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button size="lg" variant="secondary">
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button size="lg" variant={confirmVariant} loading={pending} onClick={onConfirm}>
            {label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

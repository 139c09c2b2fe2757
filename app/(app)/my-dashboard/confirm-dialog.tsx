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
  cancelLabel = "Keep it",
  variant = "danger",
  pending,
  onCancel,
  onConfirm,
  alert = false,
}: {
  title: string;
  description: string;
  label: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  alert?: boolean;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={title}
        description={description}
        size="sm"
        // Only when it is one: role={undefined} would erase Radix's own role="dialog".
        {...(alert ? { role: "alertdialog" } : {})}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button size="lg" variant="secondary">
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button size="lg" variant={variant} loading={pending} onClick={onConfirm}>
            {label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";

/** "Are you sure?" before a worker's action that cannot simply be taken back. */
export function ConfirmDialog({
  title,
  description,
  label,
  pending,
  onCancel,
  onConfirm,
}: {
  title: string;
  description: string;
  label: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent title={title} description={description} size="sm">
        <DialogFooter>
          <DialogClose asChild>
            <Button size="lg" variant="secondary">
              Keep it
            </Button>
          </DialogClose>
          <Button size="lg" variant="danger" loading={pending} onClick={onConfirm}>
            {label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

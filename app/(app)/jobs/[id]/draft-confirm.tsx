"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { bookedCrewText } from "@/lib/domain/job-status";

/** Asks before a job with booked crew goes back to Draft, saying how many are booked. */
export function DraftConfirm({
  open,
  booked,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  booked: number;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        size="sm"
        title="Set this job back to Draft?"
        description={`${bookedCrewText(booked)}. They keep their places on its shifts.`}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Keep it published
            </Button>
          </DialogClose>
          <Button loading={busy} onClick={onConfirm}>
            Set to Draft
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { BoardApplication } from "@/lib/services/applications";

/**
 * Asks before a booked (or checked-in) worker is taken off a shift, with the choice to tell
 * them by e-mail. An alert dialog: focus trapped, Escape and "Keep" leave everything as it was.
 */
export function RemoveDialog({
  app,
  slotLabel,
  busy,
  onCancel,
  onRemove,
}: {
  app: BoardApplication | null;
  slotLabel: string;
  busy: boolean;
  onCancel: () => void;
  onRemove: (notify: boolean) => void;
}) {
  const [notifyWorker, setNotifyWorker] = useState(false);
  return (
    <Dialog
      open={app !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
        setNotifyWorker(false);
      }}
    >
      {app && (
        <DialogContent
          role="alertdialog"
          size="sm"
          title={`Remove ${app.worker.name}?`}
          description={`${app.worker.name} is ${app.status}${app.check_in_at ? " and checked in" : ""} on ${slotLabel}.`}
        >
          <Checkbox
            label="Notify the worker by e-mail"
            checked={notifyWorker}
            onChange={(e) => setNotifyWorker(e.currentTarget.checked)}
          />
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Keep
            </Button>
            <Button variant="danger" loading={busy} onClick={() => onRemove(notifyWorker)}>
              Remove
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

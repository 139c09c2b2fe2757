"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { PendingLoss } from "./use-rate-grid";

/**
 * "This rate loses money": the rows a save would store at a loss (worker pay above a price, a
 * weekend/holiday or night price below standard; on a job, pay above the client's price), each
 * with its problems, and Save anyway or
 * Cancel (which keeps the grid as typed, to correct it). Asked once per save; nothing is saved
 * until Save anyway.
 */
export function RateLossConfirm({
  loss,
  busy,
  onCancel,
}: {
  loss: PendingLoss | null;
  busy: boolean;
  onCancel: () => void;
}) {
  const many = (loss?.rows.length ?? 0) > 1;
  return (
    <Dialog open={loss !== null} onOpenChange={(open) => !open && onCancel()}>
      {loss && (
        <DialogContent
          title={many ? `${loss.rows.length} rates lose money` : "This rate loses money"}
          description="Nothing is saved yet. Correct the prices, or save them as they are."
          size="sm"
          role="alertdialog"
        >
          <ul className="flex flex-col gap-2 text-sm text-gray-800">
            {loss.rows.map((r, i) => (
              <li key={i} className="wrap-anywhere">
                <span className="font-medium text-gray-900">{r.skill_name}</span>
                {r.losses.map((l) => (
                  <span key={l.field} className="block">
                    {l.message}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={loss.retry} loading={busy}>
              Save anyway
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";
import { clientPriceOf, type PendingConfirm } from "./confirm-retry";
import { offerUndo } from "./undo-toast";

type Flags = { closely?: boolean; book_anyway?: boolean };

/**
 * Runs a booking action and answers it the way spec §8 asks: 409 as an error toast with the
 * server's message, 410 as a question with Book (or `confirmLabel`, e.g. "Move anyway") and
 * Cancel, where the confirming button repeats the call with `closely` (rest time) or
 * `book_anyway` (missing skill, missing worker rate, no client price for the skill). The flags add up, so a second warning after
 * the first (rest time, then no rate) asks again and its Book repeats the call with both. A success whose answer names an undoable change
 * (`undo_activity_id`) offers Undo in its toast.
 */
export function useBookingCall(confirmLabel = "Book") {
  const router = useRouter();
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [pending, start] = useTransition();
  function run<T>(
    call: (flags: Flags) => Promise<ActionResult<T>>,
    success: string | ((data: T) => string),
    flags: Flags = {},
    onDone?: () => void,
  ) {
    start(async () => {
      const res = await call(flags);
      if (res.ok) {
        const message = typeof success === "string" ? success : success(res.data);
        const undo = (res.data as { undo_activity_id?: number | null } | null)?.undo_activity_id;
        offerUndo(message, undo, router.refresh);
        setConfirm(null);
        onDone?.();
        router.refresh();
      } else if (res.status === 410) {
        const more =
          res.type === "missing_skill" ||
          res.type === "missing_rates" ||
          res.type === "missing_client_price"
            ? { ...flags, book_anyway: true }
            : { ...flags, closely: true };
        // A request's warning asks "Request anyway?": its button says Request, not Book.
        const label = /Request anyway\?$/.test(res.message) ? "Request" : confirmLabel;
        setConfirm({
          message: res.message,
          label,
          clientPrice: clientPriceOf(res.details),
          retry: () => run(call, success, more, onDone),
        });
      } else {
        setConfirm(null);
        notify.error(res.message);
      }
    });
  }
  return { run, pending, confirm, dismiss: () => setConfirm(null) };
}

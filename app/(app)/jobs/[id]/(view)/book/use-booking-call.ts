"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui";
import type { ActionResult } from "@/lib/http/action";
import type { PendingConfirm } from "./confirm-retry";

/**
 * Runs a booking action and answers it the way spec §8 asks: 409 as an error toast with the
 * server's message, 410 as a question with Book and Cancel, where Book repeats the call with
 * `closely` (rest time) or `book_anyway` (missing skill).
 */
export function useBookingCall() {
  const router = useRouter();
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [pending, start] = useTransition();
  function run<T>(
    call: (flags: { closely?: boolean; book_anyway?: boolean }) => Promise<ActionResult<T>>,
    success: string | ((data: T) => string),
    flags: { closely?: boolean; book_anyway?: boolean } = {},
    onDone?: () => void,
  ) {
    start(async () => {
      const res = await call(flags);
      if (res.ok) {
        notify.success(typeof success === "string" ? success : success(res.data));
        setConfirm(null);
        onDone?.();
        router.refresh();
      } else if (res.status === 410) {
        const more =
          res.type === "missing_skill"
            ? { ...flags, book_anyway: true }
            : { ...flags, closely: true };
        setConfirm({
          message: res.message,
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

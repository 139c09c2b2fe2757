"use client";

import { lazy, Suspense, useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { applyForShift } from "./actions";

// Fetched when the server first warns, not with the dashboard (as the other confirmations).
const ConfirmDialog = lazy(() =>
  import("./confirm-dialog").then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * "Apply" on a new job. When the shift leaves less than the country's rest time next to one
 * the worker is booked on, the server answers with a warning (410) before anything is written:
 * it is shown with "Apply anyway", which repeats the call with `closely`. A refusal (409: the
 * same time as a booked shift, the slot is full) is an error toast.
 */
export function ApplyButton({ shiftId, slotId }: { shiftId: number; slotId: number }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [warning, setWarning] = useState<{ message: string; type: string } | null>(null);
  // The dialog is mounted only while open: focus goes back to Apply when it closes.
  const trigger = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (warning) asked.current = true;
    else if (asked.current) trigger.current?.focus();
  }, [warning]);

  const apply = (closely: boolean) =>
    start(async () => {
      const r = await applyForShift(shiftId, slotId, closely);
      if (r.ok) {
        setWarning(null);
        notify.success(r.data.message);
        router.refresh();
      } else if (r.status === 410) {
        setWarning({ message: r.message, type: r.type });
      } else {
        setWarning(null);
        notify.error(r.message);
      }
    });

  return (
    <>
      <Button
        size="lg"
        ref={trigger}
        loading={pending && !warning}
        disabled={pending}
        onClick={() => apply(false)}
      >
        Apply
      </Button>
      {warning && (
        <Suspense fallback={null}>
          <ConfirmDialog
            alert
            title={warning.type === "rest_time" ? "Too little rest" : "Apply anyway?"}
            description={warning.message}
            label="Apply anyway"
            cancelLabel="Cancel"
            variant="primary"
            pending={pending}
            onCancel={() => setWarning(null)}
            onConfirm={() => apply(true)}
          />
        </Suspense>
      )}
    </>
  );
}

"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { notify } from "@/components/ui/toaster";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatTime } from "@/lib/domain/format";
import type { BoardApplication } from "@/lib/services/applications";
import { moveApplication, moveOptions } from "./actions";
import { ConfirmRetry } from "./confirm-retry";
import { useBookingCall } from "./use-booking-call";

type Options = Extract<Awaited<ReturnType<typeof moveOptions>>, { ok: true }>["data"];

/** Move a booked worker to another slot or shift of the job (application-change). */
export function MoveDialog({
  shiftId,
  app,
  tz,
  canOpenRates,
  onClose,
}: {
  shiftId: number;
  app: BoardApplication;
  tz: string;
  canOpenRates: boolean;
  onClose: () => void;
}) {
  const [options, setOptions] = useState<Options | null>(null);
  // A slot of another skill is a 410 "Move anyway?", answered with "Move anyway".
  const call = useBookingCall("Move anyway");
  useEffect(() => {
    let live = true;
    moveOptions(shiftId, app.id).then((res) => {
      if (!live) return;
      if (res.ok) setOptions(res.data);
      else {
        notify.error(res.message);
        onClose();
      }
    });
    return () => {
      live = false;
    };
  }, [shiftId, app.id, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Move ${app.worker.name}`}
        description="Pick a slot with a free position."
      >
        {!options ? (
          <Spinner label="Loading shifts" />
        ) : (
          <ul className="flex flex-col gap-3">
            {options.shifts.map((s) => (
              <li key={s.shift_id} className="rounded-control border border-gray-200 p-3">
                <p className="font-medium text-gray-900 tabular-nums">
                  {formatDate(new Date(s.start), tz)} · {formatTime(new Date(s.start), tz)}–
                  {formatTime(new Date(s.end), tz)}
                  {s.current && <span className="ml-2 text-sm text-gray-600">(now here)</span>}
                </p>
                {s.already_on_shift && (
                  <p className="text-sm text-gray-700">
                    Already on this shift ({s.already_on_shift}).
                  </p>
                )}
                {s.conflict && (
                  <p
                    className={
                      s.conflict.kind === "overlap"
                        ? "text-sm text-danger-700"
                        : "text-sm text-warning-800"
                    }
                  >
                    {s.conflict.message}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  {s.slots.map((slot) => (
                    <Button
                      key={slot.id}
                      size="sm"
                      variant="secondary"
                      disabled={
                        slot.current ||
                        slot.free === 0 ||
                        Boolean(s.already_on_shift) ||
                        call.pending
                      }
                      onClick={() =>
                        call.run(
                          (f) =>
                            moveApplication({
                              application_id: app.id,
                              shift_slot_id: slot.id,
                              ...f,
                            }),
                          (d) => d.message,
                          {},
                          onClose,
                        )
                      }
                    >
                      {slot.skill.name} · {slot.free} free
                    </Button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        <ConfirmRetry
          pending={call.confirm}
          busy={call.pending}
          onCancel={call.dismiss}
          canOpenRates={canOpenRates}
        />
      </DialogContent>
    </Dialog>
  );
}

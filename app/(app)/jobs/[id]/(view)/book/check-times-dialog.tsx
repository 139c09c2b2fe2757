"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { TimeInput } from "@/components/ui/time-input";
import { notify } from "@/components/ui/toaster";
import { formatTime } from "@/lib/domain/format";
import type { BoardApplication } from "@/lib/services/applications";
import { correctCheckTimesOf } from "./actions";

type Errors = Record<string, string[]>;

/**
 * The office corrects a worker's check-in and check-out on a shift (a forgotten tap, a
 * check-out by mistake): times as HH:mm in the job's zone, placed on the shift's day by the
 * server; an empty field clears it. Field errors from the server show under their field.
 */
export function CheckTimesDialog({
  app,
  tz,
  shiftLabel,
  onClose,
}: {
  app: BoardApplication;
  tz: string;
  shiftLabel: string;
  onClose: () => void;
}) {
  const router = useRouter();
  const hhmm = (iso: string | null) => (iso ? formatTime(new Date(iso), tz) : "");
  const [checkIn, setCheckIn] = useState(hhmm(app.check_in_at));
  const [checkOut, setCheckOut] = useState(hhmm(app.check_out_at));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, start] = useTransition();

  function submit(event: FormEvent) {
    event.preventDefault();
    start(async () => {
      const r = await correctCheckTimesOf(app.id, {
        check_in_at: checkIn,
        check_out_at: checkOut,
      });
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      if (r.data.changed) notify.success(r.data.message);
      else notify.info(r.data.message);
      onClose();
      router.refresh();
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        title={`Check-in times of ${app.worker.name}`}
        description={shiftLabel}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label="Checked in"
              errors={errors.check_in_at}
              hint={checkIn ? undefined : "Not checked in"}
            >
              <TimeInput value={checkIn} onValueChange={setCheckIn} />
            </FormField>
            <FormField
              label="Checked out"
              errors={errors.check_out_at}
              hint={checkOut ? undefined : "Not checked out"}
            >
              <TimeInput value={checkOut} onValueChange={setCheckOut} />
            </FormField>
          </div>
          <p className="text-sm text-gray-600">
            Times are in the job&apos;s time zone. Empty a field to clear it. The change is logged.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={pending}>
              Save times
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

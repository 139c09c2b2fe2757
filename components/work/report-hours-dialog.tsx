"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Checkbox, FormField, Textarea } from "@/components/ui/form-field";
import { TimeInput } from "@/components/ui/time-input";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "@/components/ui/dialog";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

export interface ReportHoursValues {
  start: string;
  end: string;
  i_was_late: 0 | 1;
  comment: string;
}

export interface ReportHoursDialogProps {
  triggerLabel: string;
  title: string;
  /** What the hours are for, e.g. "Gala dinner · 21/11/2026 22:00 – 02:00". */
  shiftLabel: string;
  initial?: { start: string; end: string; i_was_late: boolean; comment: string };
  onSubmit: (values: ReportHoursValues) => Promise<ActionResult<{ message: string }>>;
  onDone?: () => void;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /** Label of the submit button (default "Save hours"). */
  submitLabel?: string;
  /** Open at once on mount (a screen that loads the dialog only when its button is pressed). */
  defaultOpen?: boolean;
}

type Errors = Record<string, string[]>;
const HHMM = /^\d{1,2}:\d{2}$/;
const minutesOf = (t: string) => {
  const [h, m] = t.split(":").map(Number);
  return h * 60 + m;
};

/**
 * The report-hours form in a dialog (a bottom sheet on phones): start and end as HH:mm in the
 * job's zone, "I was late", a comment. An end at or before the start is the next day (spec §4);
 * the form says so before it is sent. Field errors from the server show under their field.
 */
export function ReportHoursDialog({
  triggerLabel,
  title,
  shiftLabel,
  initial,
  onSubmit,
  onDone,
  triggerVariant = "primary",
  triggerSize = "md",
  submitLabel = "Save hours",
  defaultOpen = false,
}: ReportHoursDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const [start, setStart] = useState(initial?.start ?? "");
  const [end, setEnd] = useState(initial?.end ?? "");
  const [late, setLate] = useState(initial?.i_was_late ?? false);
  const [comment, setComment] = useState(initial?.comment ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();

  function reset() {
    setStart(initial?.start ?? "");
    setEnd(initial?.end ?? "");
    setLate(initial?.i_was_late ?? false);
    setComment(initial?.comment ?? "");
    setErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const local: Errors = {};
    if (!start) local.start = ["The start field is required."];
    if (!end) local.end = ["The end field is required."];
    if (Object.keys(local).length) return setErrors(local);
    setErrors({});
    startTransition(async () => {
      const result = await onSubmit({
        start,
        end,
        i_was_late: late ? 1 : 0,
        comment: comment.trim(),
      });
      if (!result.ok) {
        setErrors(result.errors ?? {});
        notify.error(result.message);
        return;
      }
      notify.success(result.data.message);
      setOpen(false);
      onDone?.();
      router.refresh();
    });
  }

  const overnight = HHMM.test(start) && HHMM.test(end) && minutesOf(end) <= minutesOf(start);
  const formError = errors._ ?? errors.application_id;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize}>
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={shiftLabel}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Start" errors={errors.start} required>
              <TimeInput
                value={start}
                onValueChange={setStart}
                className="h-12 text-lg sm:h-11 sm:text-base"
              />
            </FormField>
            <FormField
              label="End"
              errors={errors.end}
              required
              hint={overnight ? "Ends the next day" : undefined}
            >
              <TimeInput
                value={end}
                onValueChange={setEnd}
                className="h-12 text-lg sm:h-11 sm:text-base"
              />
            </FormField>
          </div>
          <Checkbox
            label="I was late"
            checked={late}
            onChange={(e) => setLate(e.target.checked)}
            errors={errors.i_was_late}
          />
          <FormField label="Comment" errors={errors.comment}>
            <Textarea
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="Breaks, overtime, anything the approver should know"
            />
          </FormField>
          {formError && (
            <p role="alert" className="text-sm text-danger-700">
              {formError.join(" ")}
            </p>
          )}
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary" size="lg">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" loading={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

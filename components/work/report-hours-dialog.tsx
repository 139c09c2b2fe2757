"use client";

import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Textarea } from "@/components/ui/form-field";
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
import { COMMENT_MAX } from "@/lib/domain/text-limits";

export interface ReportHoursValues {
  start: string;
  end: string;
  i_was_late: 0 | 1;
  comment: string;
  /** Set when the person confirmed hours the server found unusual (its 410 `hours_unusual`). */
  confirm_unusual?: 1;
}

export interface ReportHoursDialogProps {
  triggerLabel: string;
  title: string;
  /** What the hours are for, e.g. "Gala dinner · 21/11/2026 22:00 – 02:00". */
  shiftLabel: string;
  initial?: { start: string; end: string; i_was_late: boolean; comment: string };
  /** `changed: false` (a correction that changes nothing) is said as news, not as a success. */
  onSubmit: (
    values: ReportHoursValues,
  ) => Promise<ActionResult<{ message: string; changed?: boolean }>>;
  onDone?: () => void;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /** Label of the submit button (default "Save hours"). */
  submitLabel?: string;
  /** Open at once on mount (a screen that loads the dialog only when its button is pressed). */
  defaultOpen?: boolean;
  /**
   * The office entering or correcting someone else's hours: the checkbox reads "Worker was
   * late", the comment is the office's own, and the worker's comment shows above it.
   */
  office?: { workerComment: string | null };
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
  office,
}: ReportHoursDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const [start, setStart] = useState(initial?.start ?? "");
  const [end, setEnd] = useState(initial?.end ?? "");
  const [late, setLate] = useState(initial?.i_was_late ?? false);
  const [comment, setComment] = useState(initial?.comment ?? "");
  const [errors, setErrors] = useState<Errors>({});
  /** The server's question about unusual hours, until they are changed or confirmed. */
  const [unusual, setUnusual] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const confirmRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const endId = useId();

  function reset() {
    setStart(initial?.start ?? "");
    setEnd(initial?.end ?? "");
    setLate(initial?.i_was_late ?? false);
    setComment(initial?.comment ?? "");
    setErrors({});
    setUnusual(null);
  }

  /** A field's server message goes once the field is edited (its own check takes over). */
  const clearError = (field: string) =>
    setErrors((prev) => {
      if (!prev[field]) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });

  function send(confirmed: boolean) {
    // What the fields show is what is sent, typos included: the verb's schema is the one
    // reading of a time, so "25:99" comes back as that field's error instead of the last good
    // time being saved in its place.
    const form = formRef.current ? new FormData(formRef.current) : null;
    const typed = (name: string, fallback: string) => {
      const v = form?.get(name);
      return typeof v === "string" ? v.trim() : fallback;
    };
    setErrors({});
    startTransition(async () => {
      const result = await onSubmit({
        start: typed("start", start),
        end: typed("end", end),
        i_was_late: late ? 1 : 0,
        comment: comment.trim(),
        ...(confirmed ? { confirm_unusual: 1 as const } : {}),
      });
      if (!result.ok && result.type === "hours_unusual") {
        // Asked in place, not as a toast: the times stay in view to be corrected.
        setUnusual(result.message);
        requestAnimationFrame(() => confirmRef.current?.focus());
        return;
      }
      if (!result.ok) {
        setErrors(result.errors ?? {});
        notify.error(result.message);
        return;
      }
      if (result.data.changed === false) notify.info(result.data.message);
      else notify.success(result.data.message);
      setUnusual(null);
      setOpen(false);
      onDone?.();
      router.refresh();
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(false);
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
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Start" errors={errors.start} required>
              <TimeInput
                name="start"
                value={start}
                onInput={() => clearError("start")}
                onValueChange={(value) => {
                  setStart(value);
                  setUnusual(null);
                }}
                className="h-12 text-lg sm:h-11 sm:text-base"
              />
            </FormField>
            <FormField
              id={endId}
              label="End"
              errors={errors.end}
              required
              // Said of the times in the fields: not while the end is refused.
              hint={overnight && !errors.end ? "Ends the next day" : undefined}
            >
              <TimeInput
                name="end"
                value={end}
                onInput={() => clearError("end")}
                onValueChange={(value) => {
                  setEnd(value);
                  setUnusual(null);
                }}
                className="h-12 text-lg sm:h-11 sm:text-base"
              />
            </FormField>
          </div>
          <Checkbox
            label={office ? "Worker was late" : "I was late"}
            checked={late}
            onChange={(e) => setLate(e.target.checked)}
            errors={errors.i_was_late}
          />
          {office?.workerComment && (
            <div className="rounded-control bg-gray-50 px-3 py-2 text-sm">
              <p className="font-medium text-gray-700">Worker&rsquo;s comment</p>
              <p className="break-words whitespace-pre-line text-gray-800">
                {office.workerComment}
              </p>
            </div>
          )}
          <FormField label={office ? "Office comment" : "Comment"} errors={errors.comment}>
            <Textarea
              rows={3}
              maxLength={COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder={
                office
                  ? "Why the hours were changed (the worker's comment is kept)"
                  : "Breaks, overtime, anything the approver should know"
              }
            />
          </FormField>
          {unusual && (
            <div
              ref={confirmRef}
              tabIndex={-1}
              role="alert"
              className="rounded-control border border-warning-300 bg-warning-50 px-3 py-3 text-sm text-warning-900 outline-none"
            >
              <p className="font-medium">Are these hours right?</p>
              <p className="mt-1">{unusual}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setUnusual(null);
                    document.getElementById(endId)?.focus();
                  }}
                >
                  Change the times
                </Button>
                <Button type="button" loading={pending} onClick={() => send(true)}>
                  Save anyway
                </Button>
              </div>
            </div>
          )}
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

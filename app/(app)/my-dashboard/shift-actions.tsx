"use client";

import { lazy, Suspense, useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Check, LogIn, LogOut, Undo2, X } from "lucide-react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { ReportHoursButton as HoursButton } from "@/components/work/report-hours-button";
import type { ActionResult } from "@/lib/http/action";
import {
  answerRequest,
  checkInOnShift,
  checkOutOfShift,
  editMyHours,
  reportMyHours,
  undoCheckOutOfShift,
  unapplyFromShift,
} from "./actions";

// The confirmation dialog (Radix) is fetched when first asked for, not with the dashboard.
// React.lazy, not next/dynamic, whose loader would itself join the first load.
const ConfirmDialog = lazy(() =>
  import("./confirm-dialog").then((m) => ({ default: m.ConfirmDialog })),
);

type Run = () => Promise<ActionResult<{ message: string }>>;

/** Runs a server action: its message as a toast (error toasts carry the server's message). */
function useRun() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const run = (fn: Run, after?: () => void) =>
    start(async () => {
      const r = await fn();
      if (!r.ok) return void notify.error(r.message);
      notify.success(r.data.message);
      after?.();
      router.refresh();
    });
  return { pending, run };
}

/** A large button for one action; with `confirm`, it asks first in a dialog. */
function ActionButton({
  children,
  action,
  variant = "primary",
  confirm,
}: {
  children: ReactNode;
  action: Run;
  variant?: ButtonVariant;
  confirm?: { title: string; description: string; label: string };
}) {
  const { pending, run } = useRun();
  const [open, setOpen] = useState(false);
  // The dialog is mounted only while open, so Radix has no trigger to give focus back to.
  const trigger = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (open) asked.current = true;
    else if (asked.current) trigger.current?.focus();
  }, [open]);
  if (!confirm)
    return (
      <Button size="lg" variant={variant} loading={pending} onClick={() => run(action)}>
        {children}
      </Button>
    );
  return (
    <>
      <Button
        size="lg"
        variant={variant}
        loading={pending}
        ref={trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            {...confirm}
            pending={pending}
            onCancel={() => setOpen(false)}
            onConfirm={() => run(action, () => setOpen(false))}
          />
        </Suspense>
      )}
    </>
  );
}

export function UnapplyButton({ applicationId, what }: { applicationId: number; what: string }) {
  return (
    <ActionButton
      variant="secondary"
      action={() => unapplyFromShift(applicationId)}
      confirm={{
        title: "Unapply for this shift?",
        description: `You will no longer be considered for ${what}.`,
        label: "Unapply",
      }}
    >
      Unapply
    </ActionButton>
  );
}

export function AnswerRequest({ applicationId, what }: { applicationId: number; what: string }) {
  return (
    <>
      <ActionButton action={() => answerRequest(applicationId, true)}>
        <Check aria-hidden /> Accept
      </ActionButton>
      <ActionButton
        variant="secondary"
        action={() => answerRequest(applicationId, false)}
        confirm={{
          title: "Decline this request?",
          description: `You are asked to work ${what}. Declining tells the office you cannot.`,
          label: "Decline",
        }}
      >
        <X aria-hidden /> Decline
      </ActionButton>
    </>
  );
}

/**
 * "Check in": shown while the window is open (from six hours before the start until the end).
 * The server decides; the clock here only shows the button once the window opens while the
 * page stays open on site.
 */
export function CheckInButton({
  applicationId,
  canCheckIn,
  opensAt,
  endsAt,
  closedHint,
  fullWidth = true,
}: {
  applicationId: number;
  canCheckIn: boolean;
  opensAt: string;
  endsAt: string;
  /** Shown instead of the button while the window is closed ("Check-in opens at …"). */
  closedHint?: ReactNode;
  fullWidth?: boolean;
}) {
  const { pending, run } = useRun();
  const [open, setOpen] = useState(canCheckIn);
  useEffect(() => {
    const tick = () => {
      const now = Date.now();
      setOpen(now >= new Date(opensAt).getTime() && now < new Date(endsAt).getTime());
    };
    const timer = window.setInterval(tick, 30_000);
    return () => window.clearInterval(timer);
  }, [opensAt, endsAt]);
  if (!open) return closedHint ?? null;
  return (
    <Button
      size="lg"
      fullWidth={fullWidth}
      className="min-h-14 text-lg"
      loading={pending}
      onClick={() => run(() => checkInOnShift(applicationId))}
    >
      <LogIn aria-hidden /> Check in
    </Button>
  );
}

/**
 * "Check out" once checked in, while the shift runs: the time becomes the suggested end of the
 * hours report. More than 30 minutes before the end the server asks first (410
 * `check_out_early`, "Your shift ends at 21:00. Check out now, at 17:06?"): the question shows
 * in a dialog and "Check out now" repeats the call with the confirmation. The toast offers Undo.
 */
export function CheckOutButton({ applicationId }: { applicationId: number }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [question, setQuestion] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (question) asked.current = true;
    else if (asked.current) trigger.current?.focus();
  }, [question]);

  // Not a transition of this button: after the refresh the card shows Undo instead of it, and
  // the toast's Undo outlives it.
  const undo = async () => {
    const r = await undoCheckOutOfShift(applicationId);
    if (!r.ok) return void notify.error(r.message);
    notify.success(r.data.message);
    router.refresh();
  };
  const checkOut = (confirm: boolean) =>
    start(async () => {
      const r = await checkOutOfShift(applicationId, confirm);
      if (!r.ok && r.type === "check_out_early") return void setQuestion(r.message);
      if (!r.ok) return void notify.error(r.message);
      setQuestion(null);
      if (r.data.already_checked_out) notify.info(r.data.message);
      else notify.undoable(r.data.message, () => void undo());
      router.refresh();
    });

  return (
    <>
      <Button
        ref={trigger}
        size="lg"
        variant="secondary"
        fullWidth
        className="min-h-14 text-lg"
        loading={pending && !question}
        onClick={() => checkOut(false)}
      >
        <LogOut aria-hidden /> Check out
      </Button>
      {question && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Check out early?"
            description={question}
            label="Check out now"
            cancelLabel="Not yet"
            variant="primary"
            pending={pending}
            onCancel={() => setQuestion(null)}
            onConfirm={() => checkOut(true)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * "Undo check-out" for ten minutes after checking out (a tap by mistake); it goes away by
 * itself when the time is up, and the server decides in any case. After that the office
 * corrects the times.
 */
export function UndoCheckOutButton({
  applicationId,
  until,
  untilLabel,
  fullWidth = true,
}: {
  applicationId: number;
  /** ISO time until which the check-out may be undone. */
  until: string;
  /** The same time as the worker reads it (HH:mm in the job's zone). */
  untilLabel: string;
  fullWidth?: boolean;
}) {
  const { pending, run } = useRun();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const left = Math.max(0, new Date(until).getTime() - Date.now());
    const timer = window.setTimeout(() => setOpen(false), left);
    return () => window.clearTimeout(timer);
  }, [until]);
  if (!open) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <Button
        size="lg"
        variant="secondary"
        fullWidth={fullWidth}
        loading={pending}
        onClick={() => run(() => undoCheckOutOfShift(applicationId))}
      >
        <Undo2 aria-hidden /> Undo check-out
      </Button>
      <p className="text-sm text-gray-600">
        Checked out by mistake? You can undo it until {untilLabel}.
      </p>
    </div>
  );
}

interface HoursInitial {
  start: string;
  end: string;
  i_was_late: boolean;
  comment: string;
}

export function ReportHoursButton({
  applicationId,
  shiftLabel,
  planned,
}: {
  applicationId: number;
  shiftLabel: string;
  /** The planned times, to start from. */
  planned: HoursInitial;
}) {
  return (
    <HoursButton
      triggerLabel="Report hours"
      title="Report hours"
      shiftLabel={shiftLabel}
      initial={planned}
      triggerSize="lg"
      onSubmit={(values) => reportMyHours(applicationId, values)}
    />
  );
}

export function EditHoursButton({
  reportId,
  shiftLabel,
  initial,
}: {
  reportId: number;
  shiftLabel: string;
  initial: HoursInitial;
}) {
  return (
    <HoursButton
      triggerLabel="Edit hours"
      title="Edit hours"
      shiftLabel={shiftLabel}
      initial={initial}
      triggerVariant="secondary"
      triggerSize="lg"
      onSubmit={(values) => editMyHours(reportId, values)}
    />
  );
}

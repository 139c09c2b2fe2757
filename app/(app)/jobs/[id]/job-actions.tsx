"use client";

import { useRef, useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Download, Pencil } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/toaster";
import {
  ASKS_ABOUT_CREW,
  bookedCrewText,
  isReopening,
  MANUAL_TRANSITIONS,
  needsInvoiceReference,
  undoableChange,
} from "@/lib/domain/job-status";
import type { JobStatus } from "@/lib/domain/statuses";
import { crewCount, removeJob, setJobReason, setJobStatus } from "./actions";
import { DraftConfirm } from "./draft-confirm";
import { InvoiceDialog, ReasonDialog, ReopenDialog } from "./invoice-dialogs";
import { useJobReportDownload } from "./report-download";
import { JobActionsMenu } from "./job-actions-menu";
import { useRosterDownload } from "@/components/roster/use-roster-download";
import { SaveTemplate } from "./save-template";
import { useJobChat } from "./use-job-chat";

/**
 * The job header's actions. From 640 px: Edit job, the status picker and Download report as
 * buttons, the rarer ones (Save as template, the reason, Delete) in a "More" menu, so the
 * header keeps to one row at 1280 px. On a phone: one ⋯ menu (the header's top right corner;
 * the layout keeps room for it). Both open the same dialogs.
 */
type From = "menu" | "more" | "button";

export function JobActions({
  jobId,
  jobName,
  status,
  reason: currentReason,
  canEdit,
  canTemplates,
  canChangeStatus,
  canDelete,
  canReport,
  canOpenRates,
  invoiceReference,
  rosterDates = null,
  canChat = false,
}: {
  jobId: number;
  jobName: string;
  status: JobStatus;
  reason: string | null;
  /** "Download report" (the client's job report as xlsx). */
  canReport: boolean;
  /** The report's missing-price message links to the client's rate card. */
  canOpenRates: boolean;
  invoiceReference: string | null;
  canEdit: boolean;
  canTemplates: boolean;
  canChangeStatus: boolean;
  canDelete: boolean;
  /** "Download roster" of the job's local dates (YYYY-MM-DD); null: not offered. */
  rosterDates?: { start: string; end: string } | null;
  /** "Job chat" (office users with the live chat). */
  canChat?: boolean;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [reasonOpen, setReasonOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  // The dialogs have no Radix trigger: focus goes back to what opened them (button or ⋯ menu).
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const moreTrigger = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const remember = (from: From) => {
    opener.current =
      from === "menu"
        ? menuTrigger.current
        : from === "more"
          ? moreTrigger.current
          : (document.activeElement as HTMLElement | null);
  };
  const openFrom = (open: (o: boolean) => void, from: From) => {
    remember(from);
    open(true);
  };
  const restoreFocus = (e: Event) => {
    if (!opener.current?.isConnected) return;
    e.preventDefault();
    opener.current.focus();
  };
  const next = MANUAL_TRANSITIONS[status];
  // People booked on the coming shifts, asked of the server when Draft or Cancelled is chosen.
  const [booked, setBooked] = useState<number | null>(null);
  const [draftOpen, setDraftOpen] = useState(false);
  // Invoicing asks for the reference; reopening from Invoiced or Paid asks why.
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [reopenTo, setReopenTo] = useState<JobStatus | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const report = useJobReportDownload(jobId, canOpenRates);
  const roster = useRosterDownload();
  const chat = useJobChat(jobId);
  const onChat = canChat ? () => void chat.open() : undefined;
  const onRoster = rosterDates
    ? () => void roster.download({ jobs: [jobId], ...rosterDates })
    : undefined;

  const change = (to: string, why?: string, invoiceRef?: string) =>
    start(async () => {
      const from = status;
      const r = await setJobStatus(jobId, to, why, invoiceRef);
      if (!r.ok) {
        if (r.errors?.reason) setFieldError(r.errors.reason[0]);
        if (r.errors?.invoice_reference) setFieldError(r.errors.invoice_reference[0]);
        notify.error(r.message);
        return;
      }
      setCancelOpen(false);
      setDraftOpen(false);
      setInvoiceOpen(false);
      setReopenTo(null);
      const message = `Status changed to ${r.data.status}`;
      // Undo sets the status back through the same verb, when that change is allowed by hand
      // and needs nothing more (invoicing and reopening are undone only by reopening).
      if (undoableChange(from, r.data.status))
        notify.undoable(message, () =>
          start(async () => {
            const back = await setJobStatus(
              jobId,
              from,
              from === "Cancelled" ? (currentReason ?? undefined) : undefined,
            );
            if (!back.ok) return void notify.error(back.message);
            notify.success(`Status changed to ${back.data.status}`);
            router.refresh();
          }),
        );
      else notify.success(message);
      router.refresh();
    });

  /**
   * Draft or Cancelled asks first, naming how many people are booked (from the server);
   * Cancelled always asks for its reason.
   */
  const chooseStatus = (to: string, from: From) => {
    if (!to) return;
    remember(from);
    if (needsInvoiceReference(status, to as JobStatus) || isReopening(status, to as JobStatus)) {
      setFieldError(null);
      setDialogKey((k) => k + 1);
      if (isReopening(status, to as JobStatus)) setReopenTo(to as JobStatus);
      else setInvoiceOpen(true);
      return;
    }
    if (!ASKS_ABOUT_CREW.includes(to as JobStatus)) return change(to);
    start(async () => {
      setBooked(null);
      const r = await crewCount(jobId);
      const n = r.ok ? r.data.booked : null;
      setBooked(n);
      if (to === "Cancelled") {
        setFieldError(null);
        setDialogKey((k) => k + 1);
        setCancelOpen(true);
      } else if (n) setDraftOpen(true);
      else change(to);
    });
  };
  const openReason = (from: From) => {
    setDialogKey((k) => k + 1);
    openFrom(setReasonOpen, from);
  };
  const statuses = canChangeStatus
    ? next.map((s) => ({
        value: s,
        label: s === "Cancelled" ? "Cancel job" : isReopening(status, s) ? `Reopen as ${s}` : s,
      }))
    : [];
  const reasonLabel = currentReason ? "Change reason" : "Add reason";
  // A menu item that opened a dialog keeps the focus in it.
  const keepDialogFocus = (e: Event) => {
    if (cancelOpen || deleteOpen || reasonOpen || templateOpen || invoiceOpen || reopenTo)
      e.preventDefault();
  };

  return (
    <>
      <div className="hidden flex-wrap items-end gap-2 sm:flex">
        {canEdit && (
          <NavLink href={`/jobs/${jobId}/edit`} className={buttonClass({})}>
            <Pencil aria-hidden /> Edit job
          </NavLink>
        )}
        {statuses.length > 0 && (
          <FormField label="Change status" className="min-w-44">
            <Select
              value=""
              disabled={pending}
              onChange={(e) => chooseStatus(e.target.value, "button")}
            >
              <option value="">Choose…</option>
              {statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        {canReport && (
          <Button variant="secondary" loading={report.busy} onClick={() => void report.download()}>
            <Download aria-hidden /> Download report
          </Button>
        )}
        <JobActionsMenu
          label="More"
          triggerRef={moreTrigger}
          onCloseAutoFocus={keepDialogFocus}
          actions={{
            onChat,
            onRoster,
            onSaveTemplate: canTemplates ? () => openFrom(setTemplateOpen, "more") : undefined,
            statuses: [],
            onStatus: () => undefined,
            reasonLabel: canChangeStatus ? reasonLabel : undefined,
            onReason: canChangeStatus ? () => openReason("more") : undefined,
            onDelete: canDelete ? () => openFrom(setDeleteOpen, "more") : undefined,
          }}
        />
      </div>
      <div className="absolute top-0 right-0 sm:hidden">
        <JobActionsMenu
          // Never disabled while saving: a dialog closing hands the focus back to it.
          triggerRef={menuTrigger}
          onCloseAutoFocus={keepDialogFocus}
          actions={{
            editHref: canEdit ? `/jobs/${jobId}/edit` : undefined,
            onSaveTemplate: canTemplates ? () => openFrom(setTemplateOpen, "menu") : undefined,
            statuses,
            onStatus: (to) => chooseStatus(to, "menu"),
            reasonLabel: canChangeStatus ? reasonLabel : undefined,
            onReason: canChangeStatus ? () => openReason("menu") : undefined,
            onDelete: canDelete ? () => openFrom(setDeleteOpen, "menu") : undefined,
            onReport: canReport ? () => void report.download() : undefined,
            onRoster,
            onChat,
          }}
        />
      </div>
      {canTemplates && (
        <SaveTemplate
          jobId={jobId}
          jobName={jobName}
          open={templateOpen}
          onOpenChange={setTemplateOpen}
          onCloseAutoFocus={restoreFocus}
        />
      )}
      <ReasonDialog
        key={`reason-${dialogKey}`}
        open={reasonOpen}
        onOpenChange={setReasonOpen}
        onCloseAutoFocus={restoreFocus}
        busy={pending}
        error={null}
        title="Reason"
        description="Shown on the job, e.g. why it was moved or cancelled. Leave empty to remove it."
        initial={currentReason ?? ""}
        keepLabel="Cancel"
        submitLabel="Save reason"
        onSubmit={(text) =>
          start(async () => {
            const r = await setJobReason(jobId, text);
            if (!r.ok) return void notify.error(r.message);
            setReasonOpen(false);
            notify.success("Reason saved");
            router.refresh();
          })
        }
      />
      <ReasonDialog
        key={`cancel-${dialogKey}`}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        onCloseAutoFocus={restoreFocus}
        busy={pending}
        error={fieldError}
        title="Cancel this job?"
        description="The crew and the client see the reason you give."
        requiredMessage="Please give a reason for cancelling the job."
        keepLabel="Keep the job"
        submitLabel="Cancel job"
        danger
        onSubmit={(why) => change("Cancelled", why)}
      >
        {booked ? (
          <p role="status" className="mb-4 text-sm font-medium text-warning-800">
            {bookedCrewText(booked)}.
          </p>
        ) : null}
      </ReasonDialog>

      <InvoiceDialog
        key={`invoice-${dialogKey}`}
        open={invoiceOpen}
        onOpenChange={setInvoiceOpen}
        onCloseAutoFocus={restoreFocus}
        busy={pending}
        error={fieldError}
        current={invoiceReference}
        onSubmit={(ref) => change("Invoiced", undefined, ref)}
      />
      <ReopenDialog
        key={`reopen-${dialogKey}`}
        open={reopenTo !== null}
        onOpenChange={(open) => !open && setReopenTo(null)}
        onCloseAutoFocus={restoreFocus}
        busy={pending}
        error={fieldError}
        from={status}
        to={reopenTo}
        onSubmit={(why) => reopenTo && change(reopenTo, why)}
      />

      <DraftConfirm
        open={draftOpen}
        booked={booked ?? 0}
        busy={pending}
        onOpenChange={setDraftOpen}
        onConfirm={() => change("Draft")}
      />

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onCloseAutoFocus={restoreFocus}
        title="Delete this job?"
        description="A job that already has applications is archived, so its history is kept."
        keepLabel="Keep the job"
        confirmLabel="Delete job"
        action={() => removeJob(jobId)}
        onDone={() => router.push("/jobs")}
      />
    </>
  );
}

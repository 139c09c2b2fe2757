"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Select,
  Textarea,
  notify,
} from "@/components/ui";
import { ASKS_ABOUT_CREW, bookedCrewText, MANUAL_TRANSITIONS } from "@/lib/domain/job-status";
import type { JobStatus } from "@/lib/domain/statuses";
import { crewCount, removeJob, setJobReason, setJobStatus } from "./actions";
import { DraftConfirm } from "./draft-confirm";

export function JobActions({
  jobId,
  status,
  reason: currentReason,
  canChangeStatus,
  canDelete,
}: {
  jobId: number;
  status: JobStatus;
  reason: string | null;
  canChangeStatus: boolean;
  canDelete: boolean;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [reasonOpen, setReasonOpen] = useState(false);
  const [reasonText, setReasonText] = useState("");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  // People booked on the coming shifts, asked of the server when Draft or Cancelled is chosen.
  const [booked, setBooked] = useState<number | null>(null);
  const [draftOpen, setDraftOpen] = useState(false);
  const next = MANUAL_TRANSITIONS[status];

  const change = (to: string, why?: string) =>
    start(async () => {
      const from = status;
      const r = await setJobStatus(jobId, to, why);
      if (!r.ok) {
        if (r.errors?.reason) setReasonError(r.errors.reason[0]);
        notify.error(r.message);
        return;
      }
      setCancelOpen(false);
      setDraftOpen(false);
      const message = `Status changed to ${r.data.status}`;
      // Undo sets the status back through the same verb, when that change is allowed by hand.
      if (MANUAL_TRANSITIONS[r.data.status].includes(from))
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

  /** Draft or Cancelled with people booked: ask first, naming how many (from the server). */
  const askAboutCrew = (to: JobStatus) =>
    start(async () => {
      setBooked(null);
      const r = await crewCount(jobId);
      const n = r.ok ? r.data.booked : null;
      setBooked(n);
      if (to === "Cancelled") {
        setReason("");
        setReasonError(null);
        setCancelOpen(true);
      } else if (n) setDraftOpen(true);
      else change(to);
    });

  return (
    <div className="flex flex-wrap items-end gap-2">
      {canChangeStatus && next.length > 0 && (
        <FormField label="Change status" className="min-w-44">
          <Select
            value=""
            disabled={pending}
            onChange={(e) => {
              const to = e.target.value as JobStatus | "";
              if (!to) return;
              if (ASKS_ABOUT_CREW.includes(to)) askAboutCrew(to);
              else change(to);
            }}
          >
            <option value="">Choose…</option>
            {next.map((s) => (
              <option key={s} value={s}>
                {s === "Cancelled" ? "Cancel job" : s}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {canChangeStatus && (
        <Button
          variant="secondary"
          onClick={() => {
            setReasonText(currentReason ?? "");
            setReasonOpen(true);
          }}
        >
          {currentReason ? "Change reason" : "Add reason"}
        </Button>
      )}
      <Dialog open={reasonOpen} onOpenChange={setReasonOpen}>
        <DialogContent
          title="Reason"
          description="Shown on the job, e.g. why it was moved or cancelled. Leave empty to remove it."
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              start(async () => {
                const r = await setJobReason(jobId, reasonText);
                if (!r.ok) return void notify.error(r.message);
                setReasonOpen(false);
                notify.success("Reason saved");
                router.refresh();
              });
            }}
          >
            <FormField label="Reason">
              <Textarea
                value={reasonText}
                onChange={(e) => setReasonText(e.target.value)}
                rows={3}
                maxLength={2000}
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" loading={pending}>
                Save reason
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {canDelete && (
        <Button variant="secondary" onClick={() => setDeleteOpen(true)}>
          Delete
        </Button>
      )}

      <Dialog open={cancelOpen} onOpenChange={setCancelOpen}>
        <DialogContent
          title="Cancel this job?"
          description="The crew and the client see the reason you give."
        >
          {booked ? (
            <p role="status" className="mb-4 text-sm font-medium text-warning-800">
              {bookedCrewText(booked)}.
            </p>
          ) : null}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim())
                return setReasonError("Please give a reason for cancelling the job.");
              change("Cancelled", reason.trim());
            }}
            className="flex flex-col gap-4"
          >
            <FormField label="Reason" errors={reasonError ? [reasonError] : undefined} required>
              <Textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                autoFocus
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Keep the job
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" loading={pending}>
                Cancel job
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <DraftConfirm
        open={draftOpen}
        booked={booked ?? 0}
        busy={pending}
        onOpenChange={setDraftOpen}
        onConfirm={() => change("Draft")}
      />

      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <DialogContent
          title="Delete this job?"
          description="A job that already has applications is archived, so its history is kept."
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep the job
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={pending}
              onClick={() =>
                start(async () => {
                  const r = await removeJob(jobId);
                  if (!r.ok) return void notify.error(r.message);
                  notify.success(r.data.message);
                  router.push("/jobs");
                })
              }
            >
              Delete job
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

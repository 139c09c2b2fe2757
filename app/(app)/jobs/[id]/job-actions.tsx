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
import { MANUAL_TRANSITIONS } from "@/lib/domain/job-status";
import type { JobStatus } from "@/lib/domain/statuses";
import { removeJob, setJobReason, setJobStatus } from "./actions";

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
  const next = MANUAL_TRANSITIONS[status];

  const change = (to: string, why?: string) =>
    start(async () => {
      const r = await setJobStatus(jobId, to, why);
      if (!r.ok) {
        if (r.errors?.reason) setReasonError(r.errors.reason[0]);
        notify.error(r.message);
        return;
      }
      setCancelOpen(false);
      notify.success(`Status changed to ${r.data.status}`);
      router.refresh();
    });

  return (
    <div className="flex flex-wrap items-end gap-2">
      {canChangeStatus && next.length > 0 && (
        <FormField label="Change status" className="min-w-44">
          <Select
            value=""
            disabled={pending}
            onChange={(e) => {
              const to = e.target.value;
              if (!to) return;
              if (to === "Cancelled") {
                setReason("");
                setReasonError(null);
                setCancelOpen(true);
              } else change(to);
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

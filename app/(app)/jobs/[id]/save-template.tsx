"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { saveJobAsTemplate } from "./template-actions";
import { NAME_MAX } from "@/lib/domain/text-limits";
import { done } from "@/lib/domain/done";

/**
 * "Save as template" from the job header (a button, or the ⋯ menu on a phone): asks the
 * template's name, then links to it.
 */
export function SaveTemplate({
  jobId,
  jobName,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  jobId: number;
  jobName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [name, setName] = useState(jobName);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState<{ id: number; name: string; shifts_count: number } | null>(
    null,
  );
  const [pending, start] = useTransition();

  // Each opening starts again from the job's name (adjusting state while rendering).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setName(jobName);
      setErrors({});
      setSaved(null);
    }
  }

  const save = () =>
    start(async () => {
      const r = await saveJobAsTemplate(jobId, name);
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      setErrors({});
      setSaved(r.data);
      notify.success(done("Job template", r.data.name, "created"));
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        title="Save as template"
        description="The job's details and its shifts (days, hours and skills) are kept, so a new job can be built from them."
      >
        {saved ? (
          <>
            <Alert tone="success" title="Template saved">
              “{saved.name}” has {saved.shifts_count}{" "}
              {saved.shifts_count === 1 ? "shift" : "shifts"}.
            </Alert>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Close
                </Button>
              </DialogClose>
              <NavLink href={`/jobs/templates/${saved.id}`} className={buttonClass({})}>
                Open the template
              </NavLink>
            </DialogFooter>
          </>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <FormField label="Template name" errors={errors.name ?? errors.job_id} required>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={NAME_MAX}
                autoFocus
              />
            </FormField>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" loading={pending}>
                Save template
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { useState, useTransition } from "react";
import Link from "next/link";
import { BookmarkPlus } from "lucide-react";
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
  FormField,
  Input,
  buttonClass,
  notify,
} from "@/components/ui";
import { saveJobAsTemplate } from "./template-actions";

/** "Save as template" in the job header: asks the template's name, then links to it. */
export function SaveTemplate({ jobId, jobName }: { jobId: number; jobName: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(jobName);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState<{ id: number; name: string; shifts_count: number } | null>(
    null,
  );
  const [pending, start] = useTransition();

  const reset = (next: boolean) => {
    setOpen(next);
    if (next) {
      setName(jobName);
      setErrors({});
      setSaved(null);
    }
  };

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
      notify.success("Job template created successfully");
    });

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <BookmarkPlus aria-hidden /> Save as template
        </Button>
      </DialogTrigger>
      <DialogContent
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
              <Link href={`/jobs/templates/${saved.id}`} className={buttonClass({})}>
                Open the template
              </Link>
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
                maxLength={200}
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

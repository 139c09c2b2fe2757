"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FormField, Textarea } from "@/components/ui/form-field";
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

export interface SendBackDialogProps {
  /** Whose hours, e.g. "Bea Booked · Gala · 21/11/2026 22:00 – 02:00". */
  shiftLabel: string;
  /** Sends the hours back with the office's comment ("" for none). */
  onSubmit: (comment: string) => Promise<ActionResult<{ message: string }>>;
  onDone?: () => void;
  disabled?: boolean;
  /** Open at once on mount (the lazy button loads the dialog only when it is pressed). */
  defaultOpen?: boolean;
}

/**
 * "Disapprove" on an approved row: takes the approval back, with an optional comment that goes
 * to the worker in the e-mail about it. A refusal shows as a toast and under the comment; the
 * dialog stays open with what was typed.
 */
export function SendBackDialog({
  shiftLabel,
  onSubmit,
  onDone,
  disabled,
  defaultOpen = false,
}: SendBackDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors(undefined);
    startTransition(async () => {
      const result = await onSubmit(comment.trim());
      if (!result.ok) {
        setErrors(result.errors?.comment);
        notify.error(result.message);
        return;
      }
      notify.success(result.data.message);
      setOpen(false);
      setComment("");
      onDone?.();
      router.refresh();
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setComment("");
          setErrors(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" disabled={disabled}>
          Disapprove
        </Button>
      </DialogTrigger>
      <DialogContent title="Disapprove hours" description={shiftLabel}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            The approval is taken back and the hours wait for approval again. The worker gets an
            e-mail about it if they asked for one.
          </p>
          <FormField label="Comment to the worker (optional)" errors={errors}>
            <Textarea
              name="comment"
              rows={3}
              maxLength={COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What to check or correct"
            />
          </FormField>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary" size="lg">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" loading={pending}>
              Disapprove
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

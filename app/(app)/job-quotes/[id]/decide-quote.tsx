"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Textarea } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { acceptQuoteAction, declineQuoteAction } from "../actions";

/**
 * A client contact's answer to a sent quote: Accept or Decline, each with an optional comment
 * for the agency, confirmed in a dialog.
 */
export function DecideQuote({ id, number }: { id: number; number: string }) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [open, setOpen] = useState<"accept" | "decline" | null>(null);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();

  const submit = () =>
    start(async () => {
      const action = open === "accept" ? acceptQuoteAction : declineQuoteAction;
      const r = await action(id, comment);
      if (!r.ok) {
        setErrors(r.errors?.comment);
        return void notify.error(r.message);
      }
      notify.success(r.data.message);
      setOpen(null);
      setComment("");
      router.refresh();
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => setOpen("decline")}>
        <X aria-hidden /> Decline
      </Button>
      <Button onClick={() => setOpen("accept")}>
        <Check aria-hidden /> Accept
      </Button>
      <Dialog
        open={open !== null}
        onOpenChange={(o) => {
          if (!o) setOpen(null);
        }}
      >
        <DialogContent
          title={open === "accept" ? `Accept ${number}?` : `Decline ${number}?`}
          description={
            open === "accept"
              ? "The agency is told and can book the work. Add a comment if you like."
              : "The agency is told. Say why if you like, so they can make you a better offer."
          }
        >
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <FormField label="Comment for the agency (optional)" errors={errors}>
              <Textarea
                value={comment}
                onChange={(e) => setComment(e.target.value)}
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
              <Button
                type="submit"
                variant={open === "decline" ? "danger" : "primary"}
                loading={busy}
              >
                {open === "accept" ? "Accept quote" : "Decline quote"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

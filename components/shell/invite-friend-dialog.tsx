"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

const INVITE_TOAST_MS = 1300;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function validateEmail(value: string): string | null {
  if (!value.trim()) return "The Email field is required.";
  if (!EMAIL.test(value.trim())) return "The Email field must be a valid email address.";
  return null;
}

export type Send = (email: string) => Promise<ActionResult<{ message: string }>>;

/** The "Invite a friend" dialog; each opening mounts a fresh form (spec §4). */
export function InviteFriendDialog({
  open,
  opening,
  onOpenChange,
  send,
}: {
  open: boolean;
  opening: number;
  onOpenChange: (open: boolean) => void;
  send: Send;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <InviteForm key={opening} send={send} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InviteForm({ send, onDone }: { send: Send; onDone: () => void }) {
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, startSending] = useTransition();
  const error = serverError ?? (touched ? validateEmail(email) : null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (validateEmail(email)) return;
    startSending(async () => {
      const result = await send(email.trim());
      if (result.ok) {
        notify.success("Invite send successfully", INVITE_TOAST_MS, { position: "top-right" });
        onDone();
      } else {
        setServerError(result.errors?.email?.[0] ?? null);
        notify.error(result.message, INVITE_TOAST_MS, { position: "top-right" });
      }
    });
  };

  return (
    <DialogContent
      title="Invite a friend"
      description="Know someone who would be great on our crews? Send them an invitation to sign up."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField label="Address" errors={error ? [error] : undefined} required>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="Enter email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setServerError(null);
              setTouched(true);
            }}
            onInput={() => setTouched(true)}
            onBlur={() => setTouched(true)}
            autoFocus
          />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Close
            </Button>
          </DialogClose>
          <Button type="submit" loading={sending} disabled={sending}>
            Send invite
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

"use client";

import { useEffect, useState, useTransition } from "react";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  notify,
} from "@/components/ui";
import type { ActionResult } from "@/lib/http/action";

export const INVITE_EVENT = "open_invite_friend_modal";
export const APP_ROOT_ID = "app-root";
const INVITE_TOAST_MS = 1300;

/** Opens the modal the way spec §2 describes: a custom event fired on the app root element. */
export function openInviteFriendModal() {
  document
    .getElementById(APP_ROOT_ID)
    ?.dispatchEvent(new CustomEvent(INVITE_EVENT, { bubbles: true }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function validateEmail(value: string): string | null {
  if (!value.trim()) return "The Email field is required.";
  if (!EMAIL.test(value.trim())) return "The Email field must be a valid email address.";
  return null;
}

type Send = (email: string) => Promise<ActionResult<{ message: string }>>;

/** Listens on the app root; each opening mounts a fresh form (spec §4). */
export function InviteFriendModal({ send }: { send: Send }) {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const root = document.getElementById(APP_ROOT_ID);
    if (!root) return;
    const onOpen = () => {
      setOpening((n) => n + 1);
      setOpen(true);
    };
    root.addEventListener(INVITE_EVENT, onOpen);
    return () => root.removeEventListener(INVITE_EVENT, onOpen);
  }, []);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {open && <InviteForm key={opening} send={send} onDone={() => setOpen(false)} />}
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

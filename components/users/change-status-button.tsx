"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";
import { ChevronDown, KeyRound, Lock, LogOut, ShieldOff } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import {
  changeUserStatusAction,
  deleteUserAction,
  endSessionsAction,
  sendPasswordLinkAction,
  turnOffTwoFactorAction,
} from "./actions";

export interface ManagedUser {
  id: number;
  name: string;
  status: "active" | "deactivated";
}

interface Booking {
  application_id: number;
  job_id: number;
  job_name: string;
  date: string;
  time: string;
  status: string;
}

export type UserAction =
  "deactivate" | "activate" | "delete" | "sign-out" | "password-link" | "two-factor-off";

const TITLES: Record<UserAction, (name: string) => string> = {
  deactivate: (name) => `Deactivate ${name}?`,
  activate: (name) => `Activate ${name}?`,
  delete: (name) => `Delete ${name}?`,
  "sign-out": (name) => `Sign ${name} out everywhere?`,
  "password-link": (name) => `Send ${name} a password link?`,
  "two-factor-off": (name) => `Turn off two-factor login for ${name}?`,
};

const DESCRIPTIONS: Record<UserAction, string> = {
  deactivate:
    "They can no longer sign in, and their sessions and API tokens end at once. You can activate them again later.",
  activate: "They can sign in again with their password.",
  delete:
    "The user is archived: they can no longer sign in and leave every list. Their history (shifts, hours) stays.",
  "sign-out":
    "Every browser session, API token and remembered device of theirs ends at once, for a lost phone or a shared computer. The account stays active: they sign in again with their password. They are told by e-mail.",
  "password-link":
    "They get an e-mail with a link to choose a new password, valid once and for 24 hours. Their current password keeps working until they use it.",
  "two-factor-off":
    "For a lost or replaced phone: they sign in with their password alone until they turn it on again from their Security tab. They are told by e-mail.",
};

const CONFIRM: Record<UserAction, string> = {
  deactivate: "Deactivate",
  activate: "Activate",
  delete: "Delete user",
  "sign-out": "Sign out everywhere",
  "password-link": "Send link",
  "two-factor-off": "Turn off",
};

const RUN: Partial<Record<UserAction, (id: number) => Promise<ActionResult<{ message: string }>>>> =
  {
    "sign-out": endSessionsAction,
    "password-link": sendPasswordLinkAction,
    "two-factor-off": turnOffTwoFactorAction,
  };

/**
 * The dialog behind a user's Deactivate, Activate and Delete: it asks, and when the server
 * answers that the user still has upcoming bookings (410 confirm_required) it lists them and
 * asks again before going on. The bookings stay as they are; the office rebooks them.
 */
export function UserActionDialog({
  user,
  action,
  open,
  onOpenChange,
  onDone,
}: {
  user: ManagedUser | null;
  action: UserAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After success; defaults to refreshing the page. */
  onDone?: () => void;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [bookings, setBookings] = useState<Booking[] | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setBookings(null);
      setWarning(null);
    }
    onOpenChange(next);
  };

  const run = () =>
    start(async () => {
      if (!user) return;
      const confirmed = bookings !== null;
      const help = RUN[action];
      const r = help
        ? await help(user.id)
        : action === "delete"
          ? await deleteUserAction(user.id, confirmed)
          : await changeUserStatusAction(
              user.id,
              action === "activate" ? "active" : "deactivated",
              confirmed,
            );
      if (!r.ok) {
        if (r.type === "confirm_required" && Array.isArray(r.details?.bookings)) {
          setBookings(r.details.bookings as Booking[]);
          setWarning(r.message);
          return;
        }
        notify.error(r.message);
        return;
      }
      close(false);
      // Name whom it happened to: an office working down a list must see which row went
      // through (the API keeps the spec's message).
      const done = { activate: "activated", deactivate: "deactivated", delete: "deleted" } as const;
      notify.success(
        action in done ? `${user.name} ${done[action as keyof typeof done]}` : r.data.message,
      );
      if (onDone) onDone();
      else router.refresh();
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={user ? TITLES[action](user.name) : CONFIRM[action]}
        description={DESCRIPTIONS[action]}
        size={bookings ? "md" : "sm"}
      >
        {bookings && (
          <div className="flex flex-col gap-3">
            <Alert tone="warning">{warning}</Alert>
            {/* Focusable: a long list scrolls, and a keyboard must reach what is below. */}
            <ul
              className="flex max-h-64 flex-col gap-2 overflow-y-auto"
              aria-label="Upcoming bookings"
              tabIndex={0}
            >
              {bookings.map((b) => (
                <li
                  key={b.application_id}
                  className="rounded-md border border-gray-200 px-3 py-2 text-sm"
                >
                  <span className="font-medium">{b.job_name}</span>
                  <span className="block text-gray-700 tabular-nums">
                    {b.date} · {b.time} · {b.status}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={action === "activate" || action === "password-link" ? "primary" : "danger"}
            loading={pending}
            onClick={run}
          >
            {bookings ? `${CONFIRM[action]} anyway` : CONFIRM[action]}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The profile header's actions on another user's account: helping a locked-out user (a
 * password link, two-factor login off, signing out everywhere) and (de)activating it. When the
 * rule of who may manage whom refuses the viewer (`refusal`), they stay in view but disabled,
 * with the reason beside them, rather than buttons that fail.
 */
export function ManageUserActions({
  user,
  refusal,
  twoFactorEnabled,
  onDone,
}: {
  user: ManagedUser;
  refusal: string | null;
  twoFactorEnabled: boolean | null;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState<UserAction | null>(null);
  const statusAction: UserAction = user.status === "active" ? "deactivate" : "activate";
  const hintId = `manage-refusal-${user.id}`;
  const disabled = refusal !== null;
  const active = user.status === "active";
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="secondary"
              disabled={disabled}
              aria-describedby={disabled ? hintId : undefined}
            >
              Account help <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={!active} onSelect={() => setOpen("password-link")}>
              <KeyRound aria-hidden /> Send a password link
            </DropdownMenuItem>
            {twoFactorEnabled && (
              <DropdownMenuItem onSelect={() => setOpen("two-factor-off")}>
                <ShieldOff aria-hidden /> Turn off two-factor login
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => setOpen("sign-out")}>
              <LogOut aria-hidden /> Sign out everywhere
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          variant={statusAction === "activate" ? "secondary" : "ghost"}
          className={statusAction === "deactivate" ? "text-danger-700" : undefined}
          disabled={disabled}
          aria-describedby={disabled ? hintId : undefined}
          onClick={() => setOpen(statusAction)}
        >
          {statusAction === "activate" ? "Activate" : "Deactivate"}
        </Button>
      </div>
      {refusal && (
        <p id={hintId} className="flex max-w-sm items-start gap-1.5 text-sm text-gray-700">
          <Lock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
          <span>{refusal}</span>
        </p>
      )}
      <UserActionDialog
        user={user}
        action={open ?? statusAction}
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        onDone={onDone}
      />
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  notify,
} from "@/components/ui";
import { changeUserStatusAction, deleteUserAction } from "./actions";

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

export type UserAction = "deactivate" | "activate" | "delete";

const TITLES: Record<UserAction, (name: string) => string> = {
  deactivate: (name) => `Deactivate ${name}?`,
  activate: (name) => `Activate ${name}?`,
  delete: (name) => `Delete ${name}?`,
};

const DESCRIPTIONS: Record<UserAction, string> = {
  deactivate:
    "They can no longer sign in, and their sessions and API tokens end at once. You can activate them again later.",
  activate: "They can sign in again with their password.",
  delete:
    "The user is archived: they can no longer sign in and leave every list. Their history (shifts, hours) stays.",
};

const CONFIRM: Record<UserAction, string> = {
  deactivate: "Deactivate",
  activate: "Activate",
  delete: "Delete user",
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
      const r =
        action === "delete"
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
      notify.success(r.data.message);
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
            <ul
              className="flex max-h-64 flex-col gap-2 overflow-y-auto"
              aria-label="Upcoming bookings"
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
            variant={action === "activate" ? "primary" : "danger"}
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

/** A button that (de)activates one user, for the profile header. */
export function ChangeStatusButton({ user, onDone }: { user: ManagedUser; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const action: UserAction = user.status === "active" ? "deactivate" : "activate";
  return (
    <>
      <Button
        variant={action === "activate" ? "secondary" : "ghost"}
        className={action === "deactivate" ? "text-danger-700" : undefined}
        onClick={() => setOpen(true)}
      >
        {action === "activate" ? "Activate" : "Deactivate"}
      </Button>
      <UserActionDialog
        user={user}
        action={action}
        open={open}
        onOpenChange={setOpen}
        onDone={onDone}
      />
    </>
  );
}

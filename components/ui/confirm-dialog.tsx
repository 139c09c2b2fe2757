"use client";

import { useTransition, type ComponentProps, type ReactNode } from "react";
import type { ActionResult } from "@/lib/http/action";
import { Button } from "./button";
// Fetched when first opened: a confirmation stays out of its screen's first load.
import { Dialog, DialogClose, DialogContent, DialogFooter } from "./dialog-lazy";
import { notify } from "./toaster";

/**
 * The confirmation before a verb that cannot simply be taken back (delete a client, a job, a
 * template): a question, what will happen, the safe choice first and the verb in red. The verb
 * runs as a transition (its button shows it is busy); a refusal is the server's message in a
 * toast and the dialog stays open; on success the dialog closes, the verb's own message is
 * announced, and `onDone` gets its answer (go to the list, refresh the page).
 */
export function ConfirmDialog<T extends { message?: string }>({
  open,
  onOpenChange,
  title,
  description,
  keepLabel,
  confirmLabel,
  action,
  onDone,
  size,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The safe choice, in the object's words ("Keep the client"). */
  keepLabel: string;
  /** The verb ("Delete client"). */
  confirmLabel: string;
  action: () => Promise<ActionResult<T>>;
  onDone?: (data: T) => void;
  size?: ComponentProps<typeof DialogContent>["size"];
  onCloseAutoFocus?: (e: Event) => void;
  children?: ReactNode;
}) {
  const [pending, start] = useTransition();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        size={size}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {keepLabel}
            </Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={pending}
            onClick={() =>
              start(async () => {
                const r = await action();
                if (!r.ok) return void notify.error(r.message);
                onOpenChange(false);
                if (r.data.message) notify.success(r.data.message);
                onDone?.(r.data);
              })
            }
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

"use client";

import { notify, TOAST_UNDO_MS } from "@/components/ui/toaster";
import { undoChange } from "./actions";

/**
 * The success toast of a Remove, Move or status change, with Undo when the server named the
 * change (`undo_activity_id`). Undo is a real server call (POST applications/undo) that passes
 * the booking rule again: a place taken meanwhile comes back as the server's 409 message, a
 * rest-time warning (410) as a toast offering "Undo anyway". It lives outside any dialog, so it
 * still works after the dialog that made the change has closed.
 */
export function offerUndo(
  message: string,
  activityId: number | null | undefined,
  refresh: () => void,
) {
  if (!activityId) return void notify.success(message);
  notify.undoable(message, () => void runUndo(activityId, refresh));
}

async function runUndo(activityId: number, refresh: () => void, closely = false) {
  const res = await undoChange(activityId, { closely });
  if (res.ok) {
    notify.success(res.data.message);
    refresh();
  } else if (res.status === 410) {
    notify.warning(res.message, {
      duration: TOAST_UNDO_MS,
      action: { label: "Undo anyway", onClick: () => void runUndo(activityId, refresh, true) },
    });
  } else {
    notify.error(res.message);
  }
}

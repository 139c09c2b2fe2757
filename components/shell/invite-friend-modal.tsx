"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import type { Send } from "./invite-friend-dialog";

export const INVITE_EVENT = "open_invite_friend_modal";
export const APP_ROOT_ID = "app-root";

/** Opens the modal the way spec §2 describes: a custom event fired on the app root element. */
export function openInviteFriendModal() {
  document
    .getElementById(APP_ROOT_ID)
    ?.dispatchEvent(new CustomEvent(INVITE_EVENT, { bubbles: true }));
}

// The dialog (Radix, the form fields) is fetched when first opened, not with every page
// (React.lazy: next/dynamic's loader would itself join the first load).
const InviteFriendDialog = lazy(() =>
  import("./invite-friend-dialog").then((m) => ({ default: m.InviteFriendDialog })),
);

/** Listens on the app root for the opening event and shows the dialog. */
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

  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <InviteFriendDialog open={open} opening={opening} onOpenChange={setOpen} send={send} />
    </Suspense>
  );
}

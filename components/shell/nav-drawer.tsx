"use client";

import { useRef, type ReactNode, type RefObject } from "react";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The navigation drawer below 1024 px: a Radix dialog, so focus moves into it (onto Close)
 * and stays there, Escape and a tap beside it close it, and focus returns to the Menu button.
 * The shell fetches this module when the drawer is first wanted, not with every page.
 */
export function NavDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  brand,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Menu button (not a Radix trigger: it lives in the shell, outside this module). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  brand: ReactNode;
  children: ReactNode;
}) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-overlay-in bg-gray-950/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none lg:hidden"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            close.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <div className="flex items-center justify-between pr-2">
            {brand}
            <Dialog.Close asChild>
              <Button ref={close} variant="ghost" size="sm">
                <X aria-hidden /> Close
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

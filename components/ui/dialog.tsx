"use client";

import type { ComponentProps, ReactNode } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "./cn";

/** Root: controlled with `open`/`onOpenChange`, or uncontrolled with a DialogTrigger. */
export const Dialog = DialogPrimitive.Root;
/** Use `asChild` with a <Button> so the trigger keeps the button styling. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Closes the dialog; use `asChild` with a <Button> for a "Cancel" action. */
export const DialogClose = DialogPrimitive.Close;

const widths = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-2xl" } as const;

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  /** Required: it names the dialog for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Hide the close (X) button, e.g. for a blocking confirmation. Escape still closes. */
  hideClose?: boolean;
};

/**
 * Overlay + panel. A bottom sheet at phone width, a centred card from 640 px.
 * Radix traps focus, restores it on close and closes on Escape / overlay click.
 */
export function DialogContent({
  title,
  description,
  size = "md",
  hideClose = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  // Without a description Radix expects aria-describedby to be explicitly undefined.
  const describedBy = description ? {} : { "aria-describedby": undefined };
  // A click on a toast (its Undo or Close) is not a click outside that dismisses the dialog.
  const onInteractOutside: DialogContentProps["onInteractOutside"] = (e) => {
    if ((e.target as Element | null)?.closest?.("[data-sonner-toaster]")) e.preventDefault();
    props.onInteractOutside?.(e);
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-overlay-in bg-gray-950/50" />
      <DialogPrimitive.Content
        {...describedBy}
        {...props}
        onInteractOutside={onInteractOutside}
        className={cn(
          // Children keep their height: in a height-capped flex column they would otherwise
          // shrink and overlap, instead of the panel scrolling.
          // The top 6 rem (phone) and 5.5 rem (desktop, centred) stay free for the toasts
          // (components/ui/toaster.tsx), so a toast never covers the dialog's controls.
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-6rem)] w-full flex-col overflow-y-auto [&>*]:shrink-0",
          "rounded-t-card bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl",
          "animate-sheet-in focus:outline-none",
          "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)]",
          "sm:-translate-x-1/2 sm:-translate-y-1/2 sm:animate-dialog-in sm:rounded-card sm:p-6",
          "sm:max-h-[calc(100dvh-11rem)]",
          widths[size],
          className,
        )}
      >
        <div className={cn("mb-4 flex min-w-0 flex-col gap-1", !hideClose && "pr-10")}>
          <DialogPrimitive.Title className="text-lg font-semibold break-words text-gray-900">
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-gray-600">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        {/* Last in the DOM so Radix puts initial focus on the first field, not on "Close". */}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute top-2 right-2 inline-flex size-11 sm:pointer-fine:size-10 items-center justify-center rounded-control text-gray-600 hover:bg-gray-100 hover:text-gray-900 sm:top-4 sm:right-4">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Action row at the bottom: stacked full-width buttons on phones (primary on top), a right-aligned row from 640 px. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
        "[&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
      {...props}
    />
  );
}

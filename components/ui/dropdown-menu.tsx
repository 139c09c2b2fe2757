"use client";

import type { ComponentProps, ReactNode } from "react";
import { Ellipsis } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { Button } from "./button";
import { cn } from "./cn";

/*
 * A menu of actions (Radix: arrow keys, typeahead, Escape, focus back to the trigger).
 * Not in the "@/components/ui" barrel: import it from here, so only the screens that draw a
 * menu load it (the worker's screens do not).
 */

/**
 * Root: uncontrolled, or controlled with `open`/`onOpenChange`. Not modal by default: the page
 * is not hidden from screen readers while it is open (axe: no focusable content under
 * aria-hidden), and an item may open a dialog without two focus traps meeting. Focus still
 * moves into the menu; Escape, Tab or a tap outside closes it.
 */
export function DropdownMenu({
  modal = false,
  ...props
}: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
/** Use `asChild` with a <Button>; give an icon-only trigger an aria-label. */
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = "end",
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          "z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-56 overflow-y-auto",
          "max-w-[calc(100vw-1rem)] rounded-card border border-gray-200 bg-white p-1 shadow-lg",
          "focus:outline-none",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

/**
 * One action. `onSelect` runs it (the menu then closes); with `asChild` it wraps a <Link>.
 * At least 44 px high on phones and touch screens (a tap target), denser with a mouse.
 */
export function DropdownMenuItem({
  className,
  tone = "default",
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { tone?: "default" | "danger" }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-2 rounded-control px-3 py-2 text-sm outline-none select-none sm:pointer-fine:min-h-9",
        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
        tone === "danger"
          ? "text-danger-700 data-[highlighted]:bg-danger-50"
          : "text-gray-800 data-[highlighted]:bg-gray-100",
        className,
      )}
      {...props}
    />
  );
}

/** A heading over a group of items, e.g. "Change status". */
export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn("px-3 pt-2 pb-1 text-xs font-semibold text-gray-600", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("my-1 h-px bg-gray-200", className)} {...props} />;
}

/**
 * The "…" menu at the end of a table row, holding the row's secondary actions (the users and
 * venues lists), so a row stays one line; the row's primary action stays a button beside it.
 * `label` names the row: "Actions for Ida Pedersen". The lists draw it through
 * components/ui/row-menu.tsx, which fetches this module on the first press.
 */
export function RowMenu({
  label,
  defaultOpen,
  children,
}: {
  label: string;
  /** Open when drawn (components/ui/row-menu.tsx draws it on the first press of its button). */
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

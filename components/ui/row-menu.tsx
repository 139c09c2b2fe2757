"use client";

import { createContext, useContext, useState, type ComponentProps, type ReactNode } from "react";
import { Ellipsis } from "lucide-react";
import { Button } from "./button";

/*
 * The "…" menu at the end of a table row (the users, venues and quotes lists), drawn without
 * the menu's code: the Radix menu and its popper (~15 KB gzipped) are fetched when a pointer
 * or focus first reaches a "…" button, and the press opens the real menu
 * (components/ui/dropdown-menu.tsx, whose `RowMenu` it is). Until then the same button is
 * drawn. The items (`RowMenuItem`, …) take the props of dropdown-menu's and are drawn only
 * inside the open menu, so they render the fetched components.
 */

type Menu = typeof import("./dropdown-menu");

let loading: Promise<Menu> | null = null;
const loadMenu = () => (loading ??= import("./dropdown-menu"));
const prefetch = () => void loadMenu().catch(() => (loading = null));

const Loaded = createContext<Menu | null>(null);
const useMenu = () => {
  const menu = useContext(Loaded);
  if (!menu) throw new Error("a row menu item outside a RowMenu");
  return menu;
};

/** `label` names the row: "Actions for Ida Pedersen". */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [menu, setMenu] = useState<Menu | null>(null);
  if (!menu)
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() =>
          loadMenu().then(setMenu, () => {
            loading = null;
          })
        }
      >
        <Ellipsis aria-hidden />
      </Button>
    );
  return (
    <Loaded.Provider value={menu}>
      <menu.RowMenu label={label} defaultOpen>
        {children}
      </menu.RowMenu>
    </Loaded.Provider>
  );
}

export function RowMenuItem(props: ComponentProps<Menu["DropdownMenuItem"]>) {
  const { DropdownMenuItem } = useMenu();
  return <DropdownMenuItem {...props} />;
}

export function RowMenuLabel(props: ComponentProps<Menu["DropdownMenuLabel"]>) {
  const { DropdownMenuLabel } = useMenu();
  return <DropdownMenuLabel {...props} />;
}

export function RowMenuSeparator(props: ComponentProps<Menu["DropdownMenuSeparator"]>) {
  const { DropdownMenuSeparator } = useMenu();
  return <DropdownMenuSeparator {...props} />;
}

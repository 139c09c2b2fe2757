"use client";

import { useEffect, useRef } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { usePathname } from "next/navigation";
import { cn } from "./cn";

export type LinkTab = {
  href: string;
  label: string;
  /** "exact" (default) or "prefix": prefix also marks the tab active on deeper routes. */
  match?: "exact" | "prefix";
  /**
   * Tabs of one list told apart by the query (`/jobs?tab=past`) are marked by the page,
   * which knows which one it shows; path tabs leave this out.
   */
  current?: boolean;
};

export type LinkTabsProps = {
  tabs: readonly LinkTab[];
  /** Accessible name of the tab navigation, e.g. "Job sections". */
  label?: string;
  className?: string;
};

function stripQuery(href: string): string {
  const path = href.split(/[?#]/)[0] ?? href;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function isActive(pathname: string, tab: LinkTab): boolean {
  if (tab.current !== undefined) return tab.current;
  const target = stripQuery(tab.href);
  if (pathname === target) return true;
  return tab.match === "prefix" && pathname.startsWith(`${target}/`);
}

/**
 * Tabs for nested routes (/jobs/{id}/shifts, /users/{id}/{tab}) and for the lists of one
 * screen picked by the query (upcoming and past jobs, approval tabs). They are links in a <nav>
 * with aria-current, not an ARIA tablist, because each one loads a page. The row scrolls
 * inside itself on phones instead of widening the page.
 */
export function LinkTabs({ tabs, label = "Sections", className }: LinkTabsProps) {
  const pathname = stripQuery(usePathname() ?? "");
  const listRef = useRef<HTMLUListElement>(null);
  const activeIndex = tabs.findIndex((tab) => isActive(pathname, tab));

  // Keep the active tab in view when the row overflows (scrolls the row only, never the page).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active) return;
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - active.offsetWidth) / 2;
    }
  }, [activeIndex]);

  return (
    <nav aria-label={label} className={cn("min-w-0 border-b border-gray-200", className)}>
      <ul
        ref={listRef}
        className="-mb-px flex gap-1 overflow-x-auto [scrollbar-width:thin] sm:gap-2"
      >
        {tabs.map((tab, index) => {
          const active = index === activeIndex;
          return (
            <li key={tab.href} className="shrink-0">
              <NavLink
                href={tab.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  active
                    ? "border-accent-600 text-accent-700"
                    : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
                )}
              >
                {tab.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

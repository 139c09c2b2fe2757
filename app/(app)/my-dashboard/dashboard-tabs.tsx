"use client";

import { NavLink } from "@/components/ui/nav-link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

export interface DashboardTab {
  key: "new" | "my" | "past" | "pending";
  label: string;
  /** A count shown beside the label ("3", "20+"); hidden when absent. */
  badge?: string;
  /** What the badge counts, for screen readers ("new jobs"). */
  badgeLabel?: string;
}

/**
 * The four lists as nested routes (/my-dashboard/new …). /my-dashboard itself is the overview
 * and shows "my" shifts, so that tab is current there too. Big touch targets; the row scrolls
 * inside itself rather than widening a phone screen.
 */
export function DashboardTabs({ tabs }: { tabs: DashboardTab[] }) {
  const pathname = usePathname() ?? "";
  const current = pathname.replace(/\/+$/, "").split("/")[2] ?? "my";
  return (
    <nav aria-label="My dashboard lists" className="mb-4 min-w-0 border-b border-gray-200">
      <ul className="-mb-px flex overflow-x-auto [scrollbar-width:thin]">
        {tabs.map((tab) => {
          const active = tab.key === current;
          return (
            <li key={tab.key} className="shrink-0">
              <NavLink
                href={`/my-dashboard/${tab.key}`}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-12 items-center gap-1.5 border-b-2 px-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-4",
                  active
                    ? "border-accent-600 text-accent-700"
                    : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
                )}
              >
                {tab.label}
                {tab.badge && (
                  <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
                    {tab.badge}
                    {tab.badgeLabel && <span className="sr-only"> {tab.badgeLabel}</span>}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

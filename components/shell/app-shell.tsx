"use client";

import { NavLink } from "@/components/ui/nav-link";
import { usePathname } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { NavGroup, NavItem } from "@/lib/auth/navigation";
import type { ShellIcons } from "./shell-icons";
import { APP_ROOT_ID, openInviteFriendModal } from "./invite-friend-modal";

// Radix dialog comes with the drawer's first opening (or the pointer nearing Menu), not with
// every page: the worker's screens stay light.
const loadNavDrawer = () => import("./nav-drawer");
// React.lazy, not next/dynamic, whose loader would itself join every first load.
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

/** A navigation item with an optional counter ("3", "20+") worked out on the server. */
export type ShellNavItem = NavItem & {
  badge?: { text: string; label: string };
  /** A counter that follows itself on the client (the live chat's unread messages). */
  liveBadge?: ReactNode;
};
export type ShellNavGroup = Omit<NavGroup, "items"> & { items: ShellNavItem[] };

export interface ShellUser {
  name: string;
  /** Worked out on the server (components/ui/initials.ts), so its code is not in every page. */
  initials: string;
  roles: string[];
  canInvite: boolean;
}

export function AppShell({
  user,
  navigation,
  icons,
  userMenu,
  children,
}: {
  user: ShellUser;
  navigation: ShellNavGroup[];
  /** Drawn on the server (shell-icons.tsx). */
  icons: ShellIcons;
  /** The user menu's name, address and links, drawn on the server (user-menu-links.tsx). */
  userMenu: ReactNode;
  children: ReactNode;
}) {
  const pathname = usePathname();
  // The drawer belongs to the page it was opened on, so it closes when the page changes.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? pathname : null);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The drawer is for narrow screens: widening the window past it closes it.
  useEffect(() => {
    if (!drawerOpen) return;
    const wide = window.matchMedia("(min-width: 1024px)");
    const onChange = () => wide.matches && setDrawerPath(null);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [drawerOpen]);

  // The most specific item wins: /jobs/templates lights "Job templates", not "Jobs".
  const activeHref = navigation
    .flatMap((g) => g.items.map((i) => i.href))
    .filter((href) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];

  const nav = (
    <nav aria-label="Main" className="flex flex-col gap-6 px-3 py-4">
      {navigation.map((group) => (
        <div key={group.key}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {group.label}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const active = item.href === activeHref;
              return (
                <li key={item.href}>
                  <NavLink
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex min-h-11 items-center gap-3 rounded-control px-3 py-2 text-sm font-medium sm:pointer-fine:min-h-10",
                      active
                        ? "bg-accent-50 text-accent-800"
                        : "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
                    )}
                  >
                    {icons.nav[item.icon]}
                    {item.label}
                    {item.liveBadge}
                    {item.badge && (
                      <span className="ml-auto rounded-full bg-accent-600 px-2 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
                        {item.badge.text}
                        <span className="sr-only"> {item.badge.label}</span>
                      </span>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {user.canInvite && (
        <div>
          <button
            type="button"
            onClick={() => {
              setDrawerOpen(false);
              openInviteFriendModal();
            }}
            className="flex min-h-11 w-full items-center gap-3 rounded-control px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 sm:pointer-fine:min-h-10"
          >
            {icons.invite}
            Invite a friend
          </button>
        </div>
      )}
    </nav>
  );

  return (
    <div id={APP_ROOT_ID} className="min-h-dvh lg:pl-64">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* Desktop sidebar */}
      <aside className="fixed inset-y-0 left-0 hidden w-64 overflow-y-auto border-r border-gray-200 bg-white lg:block">
        <Brand />
        {nav}
      </aside>

      {/* Phone drawer */}
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            returnFocusTo={menuButton}
            brand={<Brand />}
          >
            {nav}
          </NavDrawer>
        </Suspense>
      )}

      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:px-6">
        <Button
          ref={menuButton}
          variant="ghost"
          size="sm"
          className="lg:hidden"
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
          onPointerEnter={() => void loadNavDrawer()}
          onFocus={() => void loadNavDrawer()}
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
        >
          {icons.menu} Menu
        </Button>
        <span className="font-semibold text-gray-900 lg:hidden">Crewdeck</span>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <UserMenu user={user} icons={icons} links={userMenu} />
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 pb-28 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function Brand() {
  return (
    <NavLink
      href="/"
      className="flex h-14 items-center gap-2 px-6 text-lg font-semibold text-gray-900"
    >
      <span
        aria-hidden
        className="grid size-7 place-items-center rounded-md bg-accent-600 text-sm font-bold text-white"
      >
        C
      </span>
      Crewdeck
    </NavLink>
  );
}

function UserMenu({
  user,
  icons,
  links,
}: {
  user: ShellUser;
  icons: ShellIcons;
  links: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const doSignOut = async () => {
    setSigningOut(true);
    // next-auth's client (and its runtime helpers) loads on this click only, not on every page.
    await import("next-auth/react")
      .then(({ signOut }) => signOut({ redirect: false }))
      .catch(() => undefined);
    // A full load, not a client navigation: the router cache must not keep signed-in pages.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/sign-in");
  };
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        className="flex min-h-11 max-w-[60vw] items-center gap-2 rounded-control px-2 py-1 text-left hover:bg-gray-100 sm:pointer-fine:min-h-10"
      >
        <Initials text={user.initials} />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-gray-900">{user.name}</span>
          <span className="hidden truncate text-xs text-gray-600 sm:block">
            {user.roles.join(", ")}
          </span>
        </span>
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-30" onClick={() => setOpen(false)} aria-hidden />
          {/* The links are the server's (no handlers of their own): following one closes the menu. */}
          <div
            onClick={(e) => (e.target as Element).closest("a") && setOpen(false)}
            className="absolute right-0 z-40 mt-1 w-64 rounded-card border border-gray-200 bg-white p-1 shadow-lg"
          >
            {links}
            <button
              type="button"
              onClick={doSignOut}
              disabled={signingOut}
              className="flex min-h-11 w-full items-center gap-2 rounded-control px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 sm:pointer-fine:min-h-10"
            >
              {icons.signOut}
              {signingOut ? "Signing out…" : "Sign out"}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The user's initials, drawn like the small ui Avatar without a photo: the shell never shows a
 * photo, so it spares every page the Radix avatar that only a photo needs.
 */
function Initials({ text }: { text: string }) {
  return (
    <span
      aria-hidden
      className="relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-100 align-middle text-xs font-semibold text-accent-800"
    >
      {text}
    </span>
  );
}

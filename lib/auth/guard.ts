import { withDenied } from "@/lib/domain/denied";
import { deniedCodeForPath } from "./denied";
import { matchRoute, type RouteMatch } from "./routes";

/** What the guard needs to know about the signed-in user (loaded fresh on every navigation). */
export interface GuardUser {
  permissions: ReadonlySet<string>;
  isAdmin: boolean;
  totpEnabled: boolean;
}

export interface GuardOptions {
  mode: "development" | "production";
  twoFactorRequiredForAdmins: boolean;
  /** Maintenance mode: signed-in users other than administrators see /maintenance. */
  maintenance?: boolean;
  /** Result of the route's function check (crew boss, own company, own user), if it has one. */
  checkPassed?: boolean;
}

export type GuardDecision =
  | { action: "next" }
  | { action: "redirect"; to: string }
  /** Serve another page under the requested address. */
  | { action: "rewrite"; to: string }
  /** Let the request through to the 404 screen. */
  | { action: "not-found" };

const TWO_FACTOR_FREE = new Set(["/otp/enable", "/otp/disable"]);

/**
 * The plain page listing the screens a user can open, served at /my-dashboard to a role
 * holding neither landing permission (DESIGN.md §3). It has no address of its own.
 */
export const OPEN_SCREENS_PAGE = "/no-access";

/**
 * Where a user goes when a route is not theirs (spec §2): "/" with dashboard_access, else
 * /my-dashboard. "/" only leads on to /dashboard, so the guard sends them there at once.
 */
export function fallbackFor(user: GuardUser): string {
  return user.permissions.has("dashboard_access") ? "/dashboard" : "/my-dashboard";
}

/**
 * The navigation guard of spec §2 as a pure function: `/` → /dashboard; not signed in →
 * /sign-in; an administrator without TOTP → /otp/enable when the setting requires it; a
 * signed-in user other than an administrator during maintenance → /maintenance; a
 * route whose permission is not held → / (which leads to /dashboard) for holders of
 * dashboard_access, else /my-dashboard, with `?denied=` naming what was refused, which shows a role holding neither permission the
 * screens it can open (so nothing loops); unknown paths → 404.
 */
export function decide(
  pathname: string,
  match: RouteMatch | null,
  user: GuardUser | null,
  opts: GuardOptions,
): GuardDecision {
  if (pathname === "/" || pathname === "") {
    if (!user) return { action: "redirect", to: "/sign-in" };
    return { action: "redirect", to: fallbackFor(user) };
  }
  if (!match) return { action: "not-found" };
  const { access } = match.route;
  if (access.kind === "public") return { action: "next" };
  if (!user) {
    return { action: "redirect", to: `/sign-in?callbackUrl=${encodeURIComponent(pathname)}` };
  }
  if (opts.maintenance && !user.isAdmin) return { action: "redirect", to: "/maintenance" };
  if (
    opts.twoFactorRequiredForAdmins &&
    user.isAdmin &&
    !user.totpEnabled &&
    !TWO_FACTOR_FREE.has(match.route.pattern)
  ) {
    return { action: "redirect", to: "/otp/enable" };
  }
  if (match.route.pattern === OPEN_SCREENS_PAGE)
    return { action: "redirect", to: fallbackFor(user) };
  if (access.kind === "session") return { action: "next" };
  if (access.kind === "development" && opts.mode !== "development") return { action: "not-found" };
  const allowed =
    access.any.some((perm) => user.permissions.has(perm)) || opts.checkPassed === true;
  if (allowed) return { action: "next" };
  // Another user's profile outside one's scope is the 404 screen (as the profile page and
  // API answer), not a redirect: the same answer for an unknown id, so ids cannot be probed.
  if (access.kind === "permission" && access.check === "ownUser" && opts.checkPassed === false)
    return { action: "not-found" };
  const to = fallbackFor(user);
  // The fallback itself refused (a role without either landing page): do not loop.
  if (to === pathname) return { action: "rewrite", to: OPEN_SCREENS_PAGE };
  // The start page says which page was refused (?denied=, a code of a fixed table).
  return { action: "redirect", to: withDenied(to, deniedCodeForPath(pathname)) };
}

export { matchRoute };

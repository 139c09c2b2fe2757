import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import {
  decide,
  fallbackFor,
  matchRoute,
  OPEN_SCREENS_PAGE,
  type GuardOptions,
  type GuardUser,
} from "./guard";

const user = (permissions: readonly string[], extra: Partial<GuardUser> = {}): GuardUser => ({
  permissions: new Set(permissions),
  isAdmin: false,
  totpEnabled: false,
  ...extra,
});

const PROD: GuardOptions = { mode: "production", twoFactorRequiredForAdmins: false };
const DEV: GuardOptions = { mode: "development", twoFactorRequiredForAdmins: false };

const go = (path: string, u: GuardUser | null, opts: GuardOptions = PROD) =>
  decide(path, matchRoute(path), u, opts);

const agency = user(["dashboard_access", "job_view", "calendar_access"]);
const worker = user(DEFAULT_ROLE_PERMISSIONS[ROLE.worker]);
const admin = user(ALL_PERMISSIONS, { isAdmin: true });
const nobody = user(["help_access"]);

describe("decide: /", () => {
  it("sends a dashboard_access holder to /dashboard", () => {
    expect(go("/", agency)).toEqual({ action: "redirect", to: "/dashboard" });
  });

  it("sends a worker (my_dashboard_access only) to /my-dashboard", () => {
    expect(go("/", worker)).toEqual({ action: "redirect", to: "/my-dashboard" });
  });

  it("sends a signed-out visitor to /sign-in", () => {
    expect(go("/", null)).toEqual({ action: "redirect", to: "/sign-in" });
  });
});

describe("decide: signed out", () => {
  it("lets a public route through", () => {
    expect(go("/sign-in", null)).toEqual({ action: "next" });
    expect(go("/password/reset/abc", null)).toEqual({ action: "next" });
  });

  it("sends a protected route to /sign-in with the path as callbackUrl", () => {
    expect(go("/jobs/12/book", null)).toEqual({
      action: "redirect",
      to: "/sign-in?callbackUrl=%2Fjobs%2F12%2Fbook",
    });
    expect(go("/dashboard", null)).toEqual({
      action: "redirect",
      to: "/sign-in?callbackUrl=%2Fdashboard",
    });
  });
});

describe("decide: route permissions", () => {
  it("lets a holder of the route's permission through", () => {
    expect(go("/dashboard", agency)).toEqual({ action: "next" });
    expect(go("/my-dashboard", worker)).toEqual({ action: "next" });
    expect(go("/jobs/12", agency)).toEqual({ action: "next" });
  });

  it("sends a dashboard_access holder without the permission to /dashboard", () => {
    expect(go("/roles", agency)).toEqual({ action: "redirect", to: "/dashboard?denied=roles" });
    expect(go("/my-dashboard", agency)).toEqual({
      action: "redirect",
      to: "/dashboard?denied=my-dashboard",
    });
  });

  it("sends anyone else without the permission to /my-dashboard", () => {
    expect(go("/dashboard", worker)).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=dashboard",
    });
    expect(go("/jobs/12", worker)).toEqual({ action: "redirect", to: "/my-dashboard?denied=jobs" });
  });

  it("passes the book tab with either jobs_book_workers or can_request_worker", () => {
    expect(go("/jobs/12/book", user(["jobs_book_workers"]))).toEqual({ action: "next" });
    expect(go("/jobs/12/book", user(["can_request_worker"]))).toEqual({ action: "next" });
    expect(go("/jobs/12/book", user(["dashboard_access", "job_view"]))).toEqual({
      action: "redirect",
      to: "/dashboard?denied=jobs-book",
    });
  });

  it("lets a crew boss without job_notes_access into job notes when the check passes", () => {
    const crewBoss = user(["my_dashboard_access", "job_view"]);
    expect(go("/jobs/12/job-notes", crewBoss, { ...PROD, checkPassed: true })).toEqual({
      action: "next",
    });
    expect(go("/jobs/12/job-notes", crewBoss, { ...PROD, checkPassed: false })).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=jobs-job-notes",
    });
    expect(go("/jobs/12/job-notes", crewBoss, PROD)).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=jobs-job-notes",
    });
  });

  it("lets a user open their own invited-users tab through the own-user check", () => {
    expect(go("/users/5/invited-users", worker, { ...PROD, checkPassed: true })).toEqual({
      action: "next",
    });
    expect(go("/users/5/invited-users", worker, PROD)).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=users-invited-users",
    });
  });

  it("answers another user's profile out of scope with the 404 screen, not a redirect", () => {
    expect(go("/users/5/personal", worker, { ...PROD, checkPassed: false })).toEqual({
      action: "not-found",
    });
    expect(go("/users/5", worker, { ...PROD, checkPassed: false })).toEqual({
      action: "not-found",
    });
  });

  it("sends a role with neither landing permission to /my-dashboard, never to a screen of its own", () => {
    expect(go("/", nobody)).toEqual({ action: "redirect", to: "/my-dashboard" });
    expect(go("/dashboard", nobody)).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=dashboard",
    });
    expect(go("/my-dashboard/new", nobody)).toEqual({
      action: "redirect",
      to: "/my-dashboard?denied=my-dashboard",
    });
    expect(go("/help", nobody)).toEqual({ action: "next" });
  });

  it("shows that role the list of its screens at /my-dashboard instead of looping", () => {
    expect(go("/my-dashboard", nobody)).toEqual({ action: "rewrite", to: OPEN_SCREENS_PAGE });
  });

  it("gives the list of screens no address of its own", () => {
    expect(go(OPEN_SCREENS_PAGE, nobody)).toEqual({ action: "redirect", to: "/my-dashboard" });
    expect(go(OPEN_SCREENS_PAGE, worker)).toEqual({ action: "redirect", to: "/my-dashboard" });
    expect(go(OPEN_SCREENS_PAGE, agency)).toEqual({ action: "redirect", to: "/dashboard" });
    expect(go(OPEN_SCREENS_PAGE, null)).toEqual({
      action: "redirect",
      to: `/sign-in?callbackUrl=${encodeURIComponent(OPEN_SCREENS_PAGE)}`,
    });
  });

  it("never redirects a user to a page the guard would refuse them, and never twice", () => {
    for (const u of [agency, worker, admin, nobody]) {
      const to = fallbackFor(u);
      expect(["/dashboard", "/my-dashboard"]).toContain(to);
      expect(go(to, u).action, to).not.toBe("redirect");
    }
  });
});

describe("decide: two-factor for administrators", () => {
  const on: GuardOptions = { ...PROD, twoFactorRequiredForAdmins: true };

  it("sends an administrator without TOTP to /otp/enable when the setting is on", () => {
    expect(go("/dashboard", admin, on)).toEqual({ action: "redirect", to: "/otp/enable" });
    expect(go("/jobs/12", admin, on)).toEqual({ action: "redirect", to: "/otp/enable" });
  });

  it("lets /otp/enable itself through", () => {
    expect(go("/otp/enable", admin, on)).toEqual({ action: "next" });
  });

  it("does not redirect an administrator who has TOTP", () => {
    expect(go("/dashboard", { ...admin, totpEnabled: true }, on)).toEqual({ action: "next" });
  });

  it("does not redirect a non-administrator", () => {
    expect(go("/dashboard", agency, on)).toEqual({ action: "next" });
    expect(go("/my-dashboard", worker, on)).toEqual({ action: "next" });
  });

  it("does not redirect when the setting is off", () => {
    expect(go("/dashboard", admin, PROD)).toEqual({ action: "next" });
  });
});

describe("decide: the reason a refused page gives (?denied=)", () => {
  const col = user(["dashboard_access", "company_access"]);
  it("names the refused page by its words, never by its ids or by what the URL carried", () => {
    expect(go("/client/7/rates", col)).toEqual({ action: "next" });
    expect(go("/jobs/12/client-rates", agency)).toEqual({
      action: "redirect",
      to: "/dashboard?denied=jobs-client-rates",
    });
    expect(go("/salaryreports/slips", agency)).toEqual({
      action: "redirect",
      to: "/dashboard?denied=salaryreports",
    });
    expect(go("/users/5/%3Cscript%3E", agency)).toEqual({
      action: "redirect",
      to: "/dashboard?denied=users",
    });
  });
});

describe("decide: development route and unknown paths", () => {
  it("treats /dev/mail as not found in production, even for an administrator", () => {
    expect(go("/dev/mail", admin, PROD)).toEqual({ action: "not-found" });
  });

  it("opens /dev/mail in development for a holder of its permission only", () => {
    expect(go("/dev/mail", admin, DEV)).toEqual({ action: "next" });
    expect(go("/dev/mail", agency, DEV)).toEqual({
      action: "redirect",
      to: "/dashboard?denied=page",
    });
  });

  it("treats an unknown path as not found, signed in or out", () => {
    expect(go("/nope", admin)).toEqual({ action: "not-found" });
    expect(go("/nope", null)).toEqual({ action: "not-found" });
    expect(go("/jobs/12/unknown-tab", agency)).toEqual({ action: "not-found" });
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { APPLICANT_PERMISSIONS } from "@/lib/services/auth/actor";
import { decide, type GuardUser } from "./guard";
import { ROUTES } from "./routes";

/*
 * The screens' half of the security matrix (issue 27): every signed-in screen of the route map
 * opened by each role with the default permissions — A administrator, P project manager,
 * H crew handler, C client contact, W worker, N applicant (registered, not approved) — and
 * signed out. The letters are the roles the guard lets through before the page renders; a
 * route with a function check (own user, own company, crew boss, client contact) is listed
 * without it here, and with it in the test below. A new route without a row fails.
 */
const SCREENS: Record<string, string> = {
  "/otp/enable": "NWCHPA",
  "/otp/disable": "NWCHPA",
  "/users/me/:tab": "NWCHPA",
  "/my-dashboard": "NWA",
  "/my-dashboard/:tab": "NWA",
  "/dashboard": "CHPA",
  "/insights": "PA",
  "/insights/workers": "PA",
  "/insights/earnings": "A",
  "/activity-log": "A",
  "/calendar": "WCHPA",
  "/jobs": "CHPA",
  "/jobs/create": "CPA",
  "/jobs/templates": "PA",
  "/jobs/templates/:id": "PA",
  "/jobs/:id/edit": "PA",
  "/jobs/:id": "CHPA",
  "/jobs/:id/shifts": "CHPA",
  "/jobs/:id/book": "CHPA",
  "/jobs/:id/additional-costs": "PA",
  "/jobs/:id/job-projection": "PA",
  "/jobs/:id/client-rates": "PA",
  "/jobs/:id/worker-rates": "PA",
  "/jobs/:id/job-notes": "CHPA",
  "/create-quote": "PA",
  "/edit-quote/:id": "PA",
  "/job-quotes": "PA",
  "/job-quotes/:id": "PA",
  "/approvals": "CHPA",
  "/users": "HPA",
  "/users/create": "HPA",
  "/users/:id": "HPA",
  "/users/:id/user-activities": "HPA",
  "/users/:id/invited-users": "A",
  "/users/:id/:tab": "HPA",
  "/live-chat": "WCHPA",
  "/applicants": "HPA",
  "/on-call": "HPA",
  "/clients": "PA",
  "/clients/new": "PA",
  "/clients/edit/:id": "PA",
  "/client/:id": "PA",
  "/client/:id/:tab": "PA",
  "/levels": "A",
  "/branches": "A",
  "/document-types": "A",
  "/skills": "A",
  "/equipment-categories": "A",
  "/dresscodes": "PA",
  "/freelancers": "HPA",
  "/countries": "A",
  "/languages": "A",
  "/permissions": "A",
  "/roles": "A",
  "/worker-rates": "A",
  "/venues": "CHPA",
  "/venues/:tab": "CHPA",
  "/venues/edit/:id": "CHPA",
  "/salaryreports": "A",
  "/salaryreports/:tab": "A",
  "/settings": "A",
  "/help": "NWCHPA",
  "/help/:id": "NWCHPA",
  "/help-categories": "A",
  "/help/edit/:id": "A",
  "/help/create/:id": "A",
  // Development only: the production build answers 404 to everyone.
  "/dev/mail": "",
};

type Role = "A" | "P" | "H" | "C" | "W" | "N";
const ROLES: Role[] = ["N", "W", "C", "H", "P", "A"];
const TITLE: Record<Exclude<Role, "N">, keyof typeof DEFAULT_ROLE_PERMISSIONS> = {
  A: ROLE.admin,
  P: ROLE.projectManager,
  H: ROLE.crewHandler,
  C: ROLE.client,
  W: ROLE.worker,
};
function userOf(r: Role): GuardUser {
  // An applicant holds the Freelancer role, cut to what an applicant may do.
  const held =
    r === "N"
      ? DEFAULT_ROLE_PERMISSIONS[ROLE.worker].filter((p) => APPLICANT_PERMISSIONS.includes(p))
      : DEFAULT_ROLE_PERMISSIONS[TITLE[r]];
  return { permissions: new Set(held), isAdmin: r === "A", totpEnabled: true };
}
const OPTS = { mode: "production" as const, twoFactorRequiredForAdmins: true };
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, n) => (n === "tab" ? "x" : "7"));
const protectedRoutes = ROUTES.filter(
  (r) => r.access.kind !== "public" && r.pattern !== "/no-access",
);

describe("screen matrix: the guard per route and role", () => {
  it("lets each role open the screens of the table, and sends it elsewhere from the rest", () => {
    const observed: Record<string, string> = {};
    for (const route of protectedRoutes) {
      const path = sample(route.pattern);
      const match = { route, params: {} };
      observed[route.pattern] = ROLES.filter(
        (r) => decide(path, match, userOf(r), OPTS).action === "next",
      ).join("");
      // Signed out: the sign-in page, with the way back.
      expect(decide(path, match, null, OPTS)).toEqual({
        action: "redirect",
        to: `/sign-in?callbackUrl=${encodeURIComponent(path)}`,
      });
    }
    expect(observed).toEqual(SCREENS);
  });

  it("lets a role without the permission through only when the route's own check passes", () => {
    for (const route of protectedRoutes) {
      if (route.access.kind !== "permission" || !route.access.check) continue;
      const path = sample(route.pattern);
      const match = { route, params: {} };
      for (const r of ROLES) {
        if (SCREENS[route.pattern].includes(r)) continue;
        const user = userOf(r);
        expect(decide(path, match, user, { ...OPTS, checkPassed: true }), path).toEqual({
          action: "next",
        });
        const refused = decide(path, match, user, { ...OPTS, checkPassed: false });
        // Another user's profile is the 404 screen (ids cannot be probed); elsewhere a redirect.
        if (route.access.check === "ownUser") expect(refused).toEqual({ action: "not-found" });
        else expect(refused.action, path).toBe("redirect");
      }
    }
  });
});

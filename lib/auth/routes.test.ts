import { describe, expect, it } from "vitest";
import type { Permission } from "@/lib/domain/permissions";
import { matchRoute, ROUTES, routeTitle, type RouteCheck } from "./routes";

/** Spec §2 signed-in routes with the permission in brackets (child tabs inherit job_view). */
const SPEC_ROUTES: [path: string, any: Permission[], check?: RouteCheck][] = [
  ["/my-dashboard", ["my_dashboard_access"]],
  ["/dashboard", ["dashboard_access"]],
  ["/insights", ["can_view_statistics"]],
  ["/insights/workers", ["can_view_statistics"]],
  ["/insights/earnings", ["can_view_earning_statistics"]],
  ["/activity-log", ["can_view_all_activities"]],
  ["/calendar", ["calendar_access"]],
  ["/jobs/create", ["job_create"]],
  ["/jobs/12/edit", ["job_edit"]],
  ["/create-quote", ["job_edit"]],
  ["/edit-quote/7", ["job_edit"]],
  ["/job-quotes", ["job_edit"], "clientContact"],
  ["/jobs/templates", ["job_template_access"]],
  ["/jobs/templates/3", ["job_template_access"]],
  ["/jobs/12", ["job_view"]],
  ["/jobs/12/shifts", ["job_view"]],
  ["/jobs/12/book", ["jobs_book_workers", "can_request_worker"]],
  ["/jobs/12/additional-costs", ["can_view_additional_costs"]],
  ["/jobs/12/job-projection", ["can_view_job_projection"]],
  ["/jobs/12/client-rates", ["rate_access"]],
  ["/jobs/12/worker-rates", ["rate_access"]],
  ["/jobs/12/job-notes", ["job_notes_access"], "crewBossOfJob"],
  ["/approvals", ["approval_access"]],
  ["/users/create", ["user_create"]],
  ["/users/5/user-activities", ["view_user_activity"]],
  ["/users/5/invited-users", ["can_view_all_referred_users_lists"], "ownUser"],
  ["/live-chat", ["has_live_chat"]],
  ["/applicants", ["can_view_applicants_list"]],
  ["/clients", ["company_access"], "clientContact"],
  ["/client/5", ["company_access"], "ownCompany"],
  ["/client/5/users", ["company_access"], "ownCompany"],
  ["/clients/edit/5", ["company_create", "company_edit"]],
  ["/levels", ["level_access"]],
  ["/branches", ["branch_access"]],
  ["/document-types", ["document_type_access"]],
  ["/skills", ["settings_skill_access"]],
  ["/equipment-categories", ["equipment_category_access"]],
  ["/dresscodes", ["dresscode_access"]],
  ["/freelancers", ["freelancer_access"]],
  ["/countries", ["country_access"]],
  ["/languages", ["language_access"]],
  ["/permissions", ["permission_access"]],
  ["/roles", ["role_access"]],
  ["/worker-rates", ["can_manage_worker_rates"]],
  ["/venues", ["venue_access"]],
  ["/venues/edit/3", ["venue_access"]],
  ["/salaryreports", ["salary_access"]],
  ["/help", ["help_access"]],
  ["/help-categories", ["help_category_access"]],
  ["/help/edit/4", ["article_edit"]],
  ["/help/create/4", ["article_create"]],
];

/** Every permission written in brackets in spec §2. */
const SPEC_ROUTE_PERMISSIONS: Permission[] = [
  "my_dashboard_access",
  "dashboard_access",
  "can_view_statistics",
  "can_view_earning_statistics",
  "can_view_all_activities",
  "calendar_access",
  "job_create",
  "job_edit",
  "job_template_access",
  "job_view",
  "jobs_book_workers",
  "can_request_worker",
  "can_view_additional_costs",
  "can_view_job_projection",
  "rate_access",
  "job_notes_access",
  "approval_access",
  "user_create",
  "view_user_activity",
  "can_view_all_referred_users_lists",
  "has_live_chat",
  "can_view_applicants_list",
  "company_access",
  "company_create",
  "company_edit",
  "level_access",
  "branch_access",
  "document_type_access",
  "settings_skill_access",
  "equipment_category_access",
  "dresscode_access",
  "freelancer_access",
  "country_access",
  "language_access",
  "permission_access",
  "role_access",
  "can_manage_worker_rates",
  "venue_access",
  "salary_access",
  "help_access",
  "help_category_access",
  "article_edit",
  "article_create",
];

const SPEC_PUBLIC = [
  "/sign-in",
  "/sign-up",
  "/two-factor",
  "/email/verify/success",
  "/password-reset",
  "/password/reset/abc123",
  "/privacy-policy",
  "/privacy-notice",
  "/cookie-policy",
  "/404",
  "/maintenance",
  "/500",
];

describe("matchRoute: spec §2 route permissions", () => {
  it.each(SPEC_ROUTES)("%s is guarded by %j", (path, any, check) => {
    const m = matchRoute(path);
    expect(m, path).not.toBeNull();
    const access = m!.route.access;
    expect(access.kind).toBe("permission");
    if (access.kind !== "permission") return;
    expect([...access.any].sort()).toEqual([...any].sort());
    expect(access.check).toBe(check);
  });

  it("uses every permission named in spec §2 brackets on some route", () => {
    const used = new Set(
      ROUTES.flatMap((r) => (r.access.kind === "permission" ? r.access.any : [])),
    );
    expect(SPEC_ROUTE_PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
  });

  it.each(SPEC_PUBLIC)("%s is public", (path) => {
    expect(matchRoute(path)?.route.access.kind).toBe("public");
  });

  it.each(["/otp/enable", "/otp/disable", "/users/me/personal"])(
    "%s needs no permission",
    (path) => {
      expect(["public", "session"]).toContain(matchRoute(path)?.route.access.kind);
    },
  );

  it("lets every user reach their own profile tabs (/users/:id with an own-user check)", () => {
    for (const tab of [
      "personal",
      "settings",
      "payment",
      "notes",
      "my-documents",
      "my-skills",
      "about-company",
      "user-calendar",
      "user-security",
    ]) {
      const access = matchRoute(`/users/5/${tab}`)?.route.access;
      expect(access?.kind === "permission" && access.check, tab).toBe("ownUser");
    }
  });
});

describe("matchRoute: shapes and parameters", () => {
  it("prefers /jobs/create and /jobs/templates over /jobs/:id", () => {
    expect(matchRoute("/jobs/create")?.route.pattern).toBe("/jobs/create");
    expect(matchRoute("/jobs/create")?.params).toEqual({});
    expect(matchRoute("/jobs/templates")?.route.pattern).toBe("/jobs/templates");
    expect(matchRoute("/jobs/12")?.route.pattern).toBe("/jobs/:id");
  });

  it.each([
    ["/jobs/12/book", "/jobs/:id/book", { id: "12" }],
    ["/jobs/templates/3", "/jobs/templates/:id", { id: "3" }],
    ["/users/me/personal", "/users/me/:tab", { tab: "personal" }],
    ["/users/create", "/users/create", {}],
    ["/users/5", "/users/:id", { id: "5" }],
    ["/users/5/user-activities", "/users/:id/user-activities", { id: "5" }],
    ["/client/5/users", "/client/:id/:tab", { id: "5", tab: "users" }],
    ["/clients/edit/5", "/clients/edit/:id", { id: "5" }],
    ["/venues/edit/3", "/venues/edit/:id", { id: "3" }],
    ["/help/edit/4", "/help/edit/:id", { id: "4" }],
    ["/help/create/4", "/help/create/:id", { id: "4" }],
    ["/edit-quote/7", "/edit-quote/:id", { id: "7" }],
    ["/job-quotes/7", "/job-quotes/:id", { id: "7" }],
    ["/password/reset/abc123", "/password/reset/:token", { token: "abc123" }],
  ])("%s → %s %o", (path, pattern, params) => {
    const m = matchRoute(path);
    expect(m?.route.pattern).toBe(pattern);
    expect(m?.params).toEqual(params);
  });

  it("ignores a trailing slash", () => {
    expect(matchRoute("/jobs/12/book/")?.route.pattern).toBe("/jobs/:id/book");
    expect(matchRoute("/jobs/12/book/")?.params).toEqual({ id: "12" });
    expect(matchRoute("/dashboard/")?.route.pattern).toBe("/dashboard");
  });

  it("decodes parameters, keeping an encoded slash inside one segment", () => {
    expect(matchRoute("/password/reset/a%2Fb%20c")?.params).toEqual({ token: "a/b c" });
  });

  it.each([
    "/nope",
    "/jobs/12/unknown-tab",
    "/jobs/12/book/extra",
    "/dashboard/extra",
    "/help/edit/4/5",
  ])("gives null for the unknown path %s", (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it("does not throw on malformed percent-encoding", () => {
    expect(() => matchRoute("/jobs/%E0%A4%A")).not.toThrow();
  });
});

describe("routeTitle", () => {
  it("gives the route's title", () => {
    expect(routeTitle("/dashboard")).toBe("Dashboard");
    expect(routeTitle("/jobs/create")).toBe("Create job");
    expect(routeTitle("/jobs/12")).toBe("Job");
    expect(routeTitle("/jobs/12/book")).toBe("Book crew");
  });

  it('falls back to "Crewdeck" for an unknown path', () => {
    expect(routeTitle("/nope")).toBe("Crewdeck");
  });

  it("gives every route a non-empty title", () => {
    expect(ROUTES.filter((r) => !r.title.trim()).map((r) => r.pattern)).toEqual([]);
  });
});

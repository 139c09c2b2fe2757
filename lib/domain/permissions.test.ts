import { describe, expect, it } from "vitest";
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_GROUPS,
  PERMISSIONS,
  ROLE,
  ROLE_DESCRIPTIONS,
  isBuiltInRole,
  isCodePermission,
} from "./permissions";

/** Every permission string in spec §2 brackets, then the two named in §6. */
const SPEC_PERMISSIONS = [
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
  // §6
  "can_select_job_booker",
  "can_invite_workers",
];

describe("ALL_PERMISSIONS", () => {
  it("contains every permission string of spec §2 and §6", () => {
    const all = new Set<string>(ALL_PERMISSIONS);
    expect(SPEC_PERMISSIONS.filter((p) => !all.has(p))).toEqual([]);
  });

  it("has no duplicates", () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe("DEFAULT_ROLE_PERMISSIONS", () => {
  it("has the administrator role titled Administrator (the admin check looks for that title)", () => {
    expect(ROLE.admin).toBe("Administrator");
  });

  it("gives the Administrator every permission", () => {
    const admin = new Set(DEFAULT_ROLE_PERMISSIONS[ROLE.admin]);
    expect(ALL_PERMISSIONS.filter((p) => !admin.has(p))).toEqual([]);
  });

  it("gives the worker exactly my_dashboard_access, calendar_access, help_access, has_live_chat, can_invite_workers", () => {
    expect([...DEFAULT_ROLE_PERMISSIONS[ROLE.worker]].sort()).toEqual(
      [
        "my_dashboard_access",
        "calendar_access",
        "help_access",
        "has_live_chat",
        "can_invite_workers",
      ].sort(),
    );
  });

  it("uses only known permissions, without duplicates, in every role", () => {
    const all = new Set<string>(ALL_PERMISSIONS);
    for (const role of Object.values(ROLE)) {
      const perms = DEFAULT_ROLE_PERMISSIONS[role];
      expect(
        perms.filter((p) => !all.has(p)),
        role,
      ).toEqual([]);
      expect(new Set(perms).size, role).toBe(perms.length);
    }
  });

  it("gives every role a landing page (dashboard or worker dashboard)", () => {
    for (const role of Object.values(ROLE)) {
      const perms = DEFAULT_ROLE_PERMISSIONS[role];
      expect(
        perms.includes("dashboard_access") || perms.includes("my_dashboard_access"),
        role,
      ).toBe(true);
    }
  });

  it("describes every role", () => {
    for (const role of Object.values(ROLE)) expect(ROLE_DESCRIPTIONS[role], role).toBeTruthy();
  });
});

describe("the permission catalogue", () => {
  it("gives every permission a known group, a label and a sentence saying what it opens", () => {
    const groups = Object.keys(PERMISSION_GROUPS);
    for (const name of ALL_PERMISSIONS) {
      const info = PERMISSIONS[name];
      expect(groups, name).toContain(info.group);
      expect(info.label.trim().length, name).toBeGreaterThan(2);
      expect(info.opens, name).toMatch(/^[A-Z].{10,}\.$/);
    }
  });

  it("has the six groups of the issue, each holding at least one permission", () => {
    expect(Object.keys(PERMISSION_GROUPS)).toEqual([
      "work",
      "people",
      "clients",
      "money",
      "insights",
      "settings",
    ]);
    for (const group of Object.keys(PERMISSION_GROUPS))
      expect(
        ALL_PERMISSIONS.some((p) => PERMISSIONS[p].group === group),
        group,
      ).toBe(true);
  });

  it("tells code permissions from others, without being fooled by object keys", () => {
    expect(isCodePermission("job_view")).toBe(true);
    expect(isCodePermission("settings_access")).toBe(true);
    expect(isCodePermission("export_to_payroll")).toBe(false);
    expect(isCodePermission("constructor")).toBe(false);
    expect(isCodePermission("toString")).toBe(false);
  });

  it("knows the five built-in roles by their exact titles", () => {
    for (const title of Object.values(ROLE)) expect(isBuiltInRole(title), title).toBe(true);
    expect(isBuiltInRole("administrator")).toBe(false);
    expect(isBuiltInRole("Warehouse Lead")).toBe(false);
  });
});

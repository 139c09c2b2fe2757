import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { decide, matchRoute } from "./guard";
import { NAVIGATION, visibleNavigation } from "./navigation";

const hrefs = (groups: ReturnType<typeof visibleNavigation>) =>
  groups.flatMap((g) => g.items.map((i) => i.href));

describe("visibleNavigation", () => {
  it("shows a worker My dashboard, its calendar and the live chat in the Work group, and the help centre", () => {
    const nav = visibleNavigation(new Set(DEFAULT_ROLE_PERMISSIONS[ROLE.worker]), "production");
    expect(nav.map((g) => g.key)).toEqual(["work", "help"]);
    expect(hrefs(nav)).toEqual(["/my-dashboard", "/calendar", "/live-chat", "/help"]);
  });

  it("shows a dashboard_access holder only Dashboard", () => {
    expect(hrefs(visibleNavigation(new Set(["dashboard_access"]), "production"))).toEqual([
      "/dashboard",
    ]);
  });

  it("shows Salary in the Money group to salary_access holders only", () => {
    const money = (perms: Iterable<string>) =>
      visibleNavigation(new Set(perms) as never, "production")
        .find((g) => g.key === "money")
        ?.items.map((i) => i.label) ?? [];
    expect(money(["salary_access"])).toEqual(["Salary"]);
    expect(money(DEFAULT_ROLE_PERMISSIONS[ROLE.admin])).toContain("Salary");
    expect(money(DEFAULT_ROLE_PERMISSIONS[ROLE.projectManager])).not.toContain("Salary");
  });

  it("shows one Insights entry: /insights, or the earnings tab to earnings-only holders", () => {
    const insights = (perms: Iterable<string>) =>
      visibleNavigation(new Set(perms) as never, "production")
        .find((g) => g.key === "insights")
        ?.items.filter((i) => i.label === "Insights")
        .map((i) => i.href) ?? [];
    expect(insights(DEFAULT_ROLE_PERMISSIONS[ROLE.admin])).toEqual(["/insights"]);
    expect(insights(DEFAULT_ROLE_PERMISSIONS[ROLE.projectManager])).toEqual(["/insights"]);
    expect(insights(["can_view_earning_statistics"])).toEqual(["/insights/earnings"]);
    // A client contact never gets the earnings tab (margins and worker pay are the office's).
    const client = visibleNavigation(
      new Set(["can_view_earning_statistics"]) as never,
      "production",
      {
        isClient: true,
      },
    );
    expect(hrefs(client)).not.toContain("/insights/earnings");
    expect(insights(DEFAULT_ROLE_PERMISSIONS[ROLE.crewHandler])).toEqual([]);
    expect(insights(DEFAULT_ROLE_PERMISSIONS[ROLE.client])).toEqual([]);
    expect(insights(DEFAULT_ROLE_PERMISSIONS[ROLE.worker])).toEqual([]);
  });

  it("shows nothing without permissions", () => {
    expect(visibleNavigation(new Set(), "production")).toEqual([]);
    expect(visibleNavigation(new Set(), "development")).toEqual([]);
  });

  it("hides /dev/mail in production, even from an administrator", () => {
    const nav = visibleNavigation(new Set(ALL_PERMISSIONS), "production");
    expect(hrefs(nav)).not.toContain("/dev/mail");
    // Settings still holds the real screens (dress codes) in production.
    expect(hrefs(nav)).toContain("/dresscodes");
  });

  it("shows /dev/mail in development only to a holder of its permission", () => {
    expect(hrefs(visibleNavigation(new Set(ALL_PERMISSIONS), "development"))).toContain(
      "/dev/mail",
    );
    expect(hrefs(visibleNavigation(new Set(["dashboard_access"]), "development"))).not.toContain(
      "/dev/mail",
    );
  });

  it("drops every group that has no visible item", () => {
    for (const role of Object.values(ROLE)) {
      for (const mode of ["production", "development"] as const) {
        const nav = visibleNavigation(new Set(DEFAULT_ROLE_PERMISSIONS[role]), mode);
        expect(
          nav.filter((g) => g.items.length === 0),
          `${role} ${mode}`,
        ).toEqual([]);
      }
    }
  });

  it("draws only links the guard lets the user open", () => {
    for (const role of Object.values(ROLE)) {
      const permissions = new Set<string>(DEFAULT_ROLE_PERMISSIONS[role]);
      for (const mode of ["production", "development"] as const) {
        for (const href of hrefs(visibleNavigation(permissions, mode))) {
          const decision = decide(
            href,
            matchRoute(href),
            { permissions, isAdmin: false, totpEnabled: true },
            {
              mode,
              twoFactorRequiredForAdmins: false,
            },
          );
          expect(decision, `${role} ${mode} ${href}`).toEqual({ action: "next" });
        }
      }
    }
  });

  it("shows Users to office roles and to a client contact (its company's users), not to a worker", () => {
    const nav = (role: (typeof ROLE)[keyof typeof ROLE], isClient = false) =>
      hrefs(visibleNavigation(new Set(DEFAULT_ROLE_PERMISSIONS[role]), "production", { isClient }));
    expect(nav(ROLE.crewHandler)).toContain("/users");
    expect(nav(ROLE.projectManager)).toContain("/users");
    expect(nav(ROLE.client)).not.toContain("/users");
    expect(nav(ROLE.client, true)).toContain("/users");
    expect(nav(ROLE.worker)).not.toContain("/users");
  });

  it("shows Quotes to job_edit holders and to a client contact (its company's sent quotes), not to a worker", () => {
    const nav = (role: (typeof ROLE)[keyof typeof ROLE], isClient = false) =>
      hrefs(visibleNavigation(new Set(DEFAULT_ROLE_PERMISSIONS[role]), "production", { isClient }));
    expect(nav(ROLE.projectManager)).toContain("/job-quotes");
    expect(nav(ROLE.client, true)).toContain("/job-quotes");
    expect(nav(ROLE.worker)).not.toContain("/job-quotes");
    expect(
      visibleNavigation(new Set(["dashboard_access"]), "production").flatMap((g) =>
        g.items.map((i) => i.href),
      ),
    ).not.toContain("/job-quotes");
  });

  it("links only to routes that exist", () => {
    const all = NAVIGATION.flatMap((g) => g.items.map((i) => i.href));
    expect(all.filter((href) => matchRoute(href) === null)).toEqual([]);
  });

  it("does not change the navigation it filters", () => {
    visibleNavigation(new Set(), "production");
    expect(NAVIGATION.find((g) => g.key === "settings")?.items.map((i) => i.href)).toContain(
      "/dev/mail",
    );
  });
});

import type { Permission } from "@/lib/domain/permissions";

/**
 * The route → permission map of spec §2, used by proxy.ts (the navigation guard), by the
 * navigation that is drawn and by page titles. A permission list grants access when any
 * one is held; `check` names an extra test that also grants access (spec: "a function
 * check"), evaluated by the guard with the route's parameters.
 */
export type RouteCheck = "crewBossOfJob" | "ownCompany" | "ownUser" | "clientContact";

export type RouteAccess =
  | { kind: "public" }
  /** Any signed-in user. */
  | { kind: "session" }
  | { kind: "permission"; any: Permission[]; check?: RouteCheck }
  /** Only in development mode, for holders of the permissions. */
  | { kind: "development"; any: Permission[] };

export interface RouteDef {
  pattern: string;
  title: string;
  access: RouteAccess;
}

const p = (pattern: string, title: string, any: Permission[], check?: RouteCheck): RouteDef => ({
  pattern,
  title,
  access: { kind: "permission", any, check },
});
const pub = (pattern: string, title: string): RouteDef => ({
  pattern,
  title,
  access: { kind: "public" },
});
const session = (pattern: string, title: string): RouteDef => ({
  pattern,
  title,
  access: { kind: "session" },
});

/** Who may look at people: the user list has no permission of its own in the spec. */
const PEOPLE: Permission[] = [
  "user_create",
  "freelancer_access",
  "can_view_applicants_list",
  "company_access",
];

export const ROUTES: RouteDef[] = [
  // Public (spec §2 "Public routes")
  pub("/sign-in", "Sign in"),
  pub("/sign-up", "Sign up"),
  pub("/two-factor", "Two-factor login"),
  pub("/password-reset", "Forgot password"),
  pub("/password/reset/:token", "New password"),
  pub("/email/verify/success", "E-mail verified"),
  pub("/email/verify/:token", "Confirm e-mail address"),
  pub("/email/changed", "E-mail address changed"),
  pub("/email/report/:token", "Report an e-mail change"),
  pub("/email/reported", "E-mail change reported"),
  pub("/unsubscribe", "Unsubscribe"),
  pub("/privacy-policy", "Privacy policy"),
  pub("/privacy-notice", "Privacy notice"),
  pub("/cookie-policy", "Cookie policy"),
  pub("/maintenance", "Maintenance"),
  pub("/404", "Page not found"),
  pub("/500", "Something went wrong"),
  // Public in the spec, but they act on the signed-in user's own account.
  session("/otp/enable", "Enable two-factor login"),
  session("/otp/disable", "Disable two-factor login"),
  session("/no-access", "No access"),
  session("/users/me/:tab", "My profile"),

  p("/my-dashboard", "My dashboard", ["my_dashboard_access"]),
  p("/my-dashboard/:tab", "My dashboard", ["my_dashboard_access"]),
  p("/dashboard", "Dashboard", ["dashboard_access"]),
  p("/insights", "Insights", ["can_view_statistics"]),
  p("/insights/workers", "Worker insights", ["can_view_statistics"]),
  p("/insights/earnings", "Earnings", ["can_view_earning_statistics"]),
  p("/activity-log", "Activity log", ["can_view_all_activities"]),
  p("/calendar", "Calendar", ["calendar_access"]),

  p("/jobs", "Jobs", ["job_view"]),
  p("/jobs/create", "Create job", ["job_create"]),
  p("/jobs/templates", "Job templates", ["job_template_access"]),
  p("/jobs/templates/:id", "Job template", ["job_template_access"]),
  p("/jobs/:id/edit", "Edit job", ["job_edit"]),
  p("/jobs/:id", "Job", ["job_view"]),
  p("/jobs/:id/shifts", "Job shifts", ["job_view"]),
  p("/jobs/:id/book", "Book crew", ["jobs_book_workers", "can_request_worker"]),
  p("/jobs/:id/additional-costs", "Additional costs", ["can_view_additional_costs"]),
  p("/jobs/:id/job-projection", "Job projection", ["can_view_job_projection"]),
  p("/jobs/:id/client-rates", "Client rates", ["rate_access"]),
  p("/jobs/:id/worker-rates", "Worker rates", ["rate_access"]),
  p("/jobs/:id/job-notes", "Job notes", ["job_notes_access"], "crewBossOfJob"),
  p("/create-quote", "Create quote", ["job_edit"]),
  p("/edit-quote/:id", "Edit quote", ["job_edit"]),
  // A client contact opens the quote list and a quote too: the verbs show it its own
  // company's sent quotes only (lib/services/quotes/access.ts); it never creates or edits one.
  p("/job-quotes", "Quotes", ["job_edit"], "clientContact"),
  p("/job-quotes/:id", "Quote", ["job_edit"], "clientContact"),
  p("/approvals", "Approvals", ["approval_access"]),

  p("/users", "Users", PEOPLE, "clientContact"),
  p("/users/create", "Create user", ["user_create"]),
  p("/users/:id", "User", PEOPLE, "ownUser"),
  p("/users/:id/user-activities", "User activities", ["view_user_activity"]),
  p("/users/:id/invited-users", "Invited users", ["can_view_all_referred_users_lists"], "ownUser"),
  p("/users/:id/:tab", "User", PEOPLE, "ownUser"),
  p("/live-chat", "Live chat", ["has_live_chat"]),
  p("/applicants", "Applicants", ["can_view_applicants_list"]),
  // Not in the spec's route list: the on-call list of the office (issue 11), for the people
  // who search and book workers.
  p("/on-call", "On-call list", ["freelancer_access", "jobs_book_workers"]),

  // A client contact opens /clients too: the page sends it to its own company.
  p("/clients", "Clients", ["company_access"], "clientContact"),
  p("/clients/new", "New client", ["company_create"]),
  p("/clients/edit/:id", "Edit client", ["company_create", "company_edit"]),
  p("/client/:id", "Client", ["company_access"], "ownCompany"),
  p("/client/:id/:tab", "Client", ["company_access"], "ownCompany"),

  p("/levels", "Levels", ["level_access"]),
  p("/branches", "Branches", ["branch_access"]),
  p("/document-types", "Document types", ["document_type_access"]),
  p("/skills", "Skills", ["settings_skill_access"]),
  p("/equipment-categories", "Equipment categories", ["equipment_category_access"]),
  p("/dresscodes", "Dress codes", ["dresscode_access"]),
  p("/freelancers", "Freelancers", ["freelancer_access"]),
  p("/countries", "Countries", ["country_access"]),
  p("/languages", "Languages", ["language_access"]),
  p("/permissions", "Permissions", ["permission_access"]),
  p("/roles", "Roles", ["role_access"]),
  p("/worker-rates", "Worker rates", ["can_manage_worker_rates"]),
  p("/venues", "Venues", ["venue_access"]),
  p("/venues/:tab", "Venues", ["venue_access"]),
  p("/venues/edit/:id", "Edit venue", ["venue_access"]),
  p("/salaryreports", "Salary reports", ["salary_access"]),
  p("/salaryreports/:tab", "Salary reports", ["salary_access"]),
  // Not in the spec's route list: the agency's own settings (issue 12), for administrators.
  p("/settings", "Agency settings", ["settings_access"]),
  p("/help", "Help", ["help_access"]),
  p("/help/:id", "Help", ["help_access"]),
  p("/help-categories", "Help categories", ["help_category_access"]),
  p("/help/edit/:id", "Edit article", ["article_edit"]),
  p("/help/create/:id", "Create article", ["article_create"]),

  {
    pattern: "/dev/mail",
    title: "Mail outbox",
    access: { kind: "development", any: ["can_view_all_activities"] },
  },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

const split = (path: string) => path.split("/").filter(Boolean);
const safeDecode = (seg: string) => {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
};
const compiled = ROUTES.map((route) => ({ route, parts: split(route.pattern) }));

/** The route a path belongs to; a literal segment beats a parameter at the same place. */
export function matchRoute(pathname: string): RouteMatch | null {
  const segs = split(pathname.replace(/\/+$/, "") || "/");
  let best: { match: RouteMatch; score: number } | null = null;
  for (const { route, parts } of compiled) {
    if (parts.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const seg = safeDecode(segs[i]);
      if (part.startsWith(":")) {
        params[part.slice(1)] = seg;
      } else if (part === seg) {
        score += 1 << (parts.length - i);
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { route, params }, score };
  }
  return best?.match ?? null;
}

/** "Dashboard · Crewdeck" comes from here through each page's metadata. */
export function routeTitle(pathname: string): string {
  return matchRoute(pathname)?.route.title ?? "Crewdeck";
}

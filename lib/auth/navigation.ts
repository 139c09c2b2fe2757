import { matchRoute } from "./routes";

/**
 * The signed-in navigation, grouped as spec §2 (work, people, clients, money, insights,
 * settings). An item is drawn only when the route map lets the user open it. Screens are
 * added here as they are built; a link to a screen that does not exist yet is never drawn.
 */
export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  /**
   * Where the entry leads instead when `href` is closed to the user (the first one it may
   * open). Office screens: never offered to a client contact.
   */
  or?: string[];
}
export interface NavGroup {
  key: "work" | "people" | "clients" | "money" | "insights" | "settings" | "help";
  label: string;
  items: NavItem[];
}
export type NavIcon =
  | "salary"
  | "dashboard"
  | "home"
  | "mail"
  | "jobs"
  | "calendar"
  | "templates"
  | "venues"
  | "clients"
  | "dresscodes"
  | "approvals"
  | "users"
  | "applicants"
  | "freelancers"
  | "onCall"
  | "activity"
  | "documentTypes"
  | "levels"
  | "branches"
  | "skills"
  | "equipment"
  | "countries"
  | "languages"
  | "roles"
  | "permissions"
  | "help"
  | "helpCategories"
  | "agencySettings"
  | "workerRates"
  | "quotes"
  | "insights"
  | "chat";

export const NAVIGATION: NavGroup[] = [
  {
    key: "work",
    label: "Work",
    items: [
      { href: "/dashboard", label: "Dashboard", icon: "dashboard" },
      { href: "/my-dashboard", label: "My dashboard", icon: "home" },
      { href: "/jobs", label: "Jobs", icon: "jobs" },
      { href: "/calendar", label: "Calendar", icon: "calendar" },
      { href: "/jobs/templates", label: "Job templates", icon: "templates" },
      { href: "/approvals", label: "Approvals", icon: "approvals" },
      { href: "/live-chat", label: "Live chat", icon: "chat" },
    ],
  },
  {
    key: "people",
    label: "People",
    items: [
      { href: "/users", label: "Users", icon: "users" },
      { href: "/applicants", label: "Applicants", icon: "applicants" },
      { href: "/freelancers", label: "Freelancers", icon: "freelancers" },
      { href: "/on-call", label: "On-call list", icon: "onCall" },
    ],
  },
  {
    key: "clients",
    label: "Clients",
    items: [
      { href: "/clients", label: "Clients", icon: "clients" },
      { href: "/venues", label: "Venues", icon: "venues" },
      { href: "/job-quotes", label: "Quotes", icon: "quotes" },
    ],
  },
  {
    key: "money",
    label: "Money",
    items: [
      { href: "/worker-rates", label: "Worker rates", icon: "workerRates" },
      { href: "/salaryreports", label: "Salary", icon: "salary" },
    ],
  },
  {
    key: "insights",
    label: "Insights",
    items: [
      // One entry for the three insights tabs; earnings-only holders land on their tab.
      { href: "/insights", label: "Insights", icon: "insights", or: ["/insights/earnings"] },
      { href: "/activity-log", label: "Activity log", icon: "activity" },
    ],
  },
  {
    key: "settings",
    label: "Settings",
    items: [
      { href: "/settings", label: "Agency settings", icon: "agencySettings" },
      { href: "/countries", label: "Countries", icon: "countries" },
      { href: "/branches", label: "Branches", icon: "branches" },
      { href: "/languages", label: "Languages", icon: "languages" },
      { href: "/skills", label: "Skills", icon: "skills" },
      { href: "/levels", label: "Levels", icon: "levels" },
      { href: "/equipment-categories", label: "Equipment categories", icon: "equipment" },
      { href: "/dresscodes", label: "Dress codes", icon: "dresscodes" },
      { href: "/document-types", label: "Document types", icon: "documentTypes" },
      { href: "/roles", label: "Roles", icon: "roles" },
      { href: "/permissions", label: "Permissions", icon: "permissions" },
      { href: "/help-categories", label: "Help categories", icon: "helpCategories" },
      { href: "/dev/mail", label: "Mail outbox", icon: "mail" },
    ],
  },
  {
    key: "help",
    label: "Help",
    items: [{ href: "/help", label: "Help centre", icon: "help" }],
  },
];

/**
 * The groups and items this user may open. Route checks are not run here (they may need the
 * database), except the one that needs no data: a client contact opens the user list of its
 * own company (`isClient`).
 */
export function visibleNavigation(
  permissions: ReadonlySet<string>,
  mode: "development" | "production",
  opts: { isClient?: boolean } = {},
): NavGroup[] {
  const may = (href: string) => {
    const access = matchRoute(href)?.route.access;
    if (!access) return false;
    if (access.kind === "public" || access.kind === "session") return true;
    if (access.kind === "development" && mode !== "development") return false;
    if (access.kind === "permission" && access.check === "clientContact" && opts.isClient)
      return true;
    return access.any.some((p) => permissions.has(p));
  };
  const open = (i: NavItem): NavItem[] => {
    const href = [i.href, ...(opts.isClient ? [] : (i.or ?? []))].find(may);
    return href ? [{ href, label: i.label, icon: i.icon }] : [];
  };
  return NAVIGATION.map((g) => ({ ...g, items: g.items.flatMap(open) })).filter(
    (g) => g.items.length > 0,
  );
}

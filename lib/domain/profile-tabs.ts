/**
 * The tabs of a user's profile (/users/{id}/{tab}, spec §2) and who sees each. One table,
 * read by the profile layout (the tab bar), by each tab's page (a tab the viewer may not
 * see is a 404) and by the verbs behind them, so the three never disagree.
 *
 * my-documents, user-activities and user-calendar arrive with their issues: they are
 * named here so links can be typed, and stay out of the bar until `built` says so.
 */
export const PROFILE_TABS = [
  "personal",
  "settings",
  "payment",
  "notes",
  "my-skills",
  "my-documents",
  "user-activities",
  "about-company",
  "invited-users",
  "user-calendar",
  "user-security",
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  personal: "Personal",
  settings: "Settings",
  payment: "Payment",
  notes: "Notes",
  "my-skills": "Skills",
  "my-documents": "Documents",
  "user-activities": "Activity",
  "about-company": "Company",
  "invited-users": "Invited users",
  "user-calendar": "Calendar",
  "user-security": "Security",
};

/** Tabs that exist today; the others come with their issues. */
const BUILT: ReadonlySet<ProfileTab> = new Set<ProfileTab>([
  "personal",
  "settings",
  "payment",
  "notes",
  "my-skills",
  "my-documents",
  "user-activities",
  "about-company",
  "invited-users",
  "user-calendar",
  "user-security",
]);

/** Who looks: the signed-in user's id, permissions and scope. */
export interface ProfileViewer {
  userId: number;
  permissions: ReadonlySet<string>;
  isClient: boolean;
  companyId: number | null;
}

/** Whose profile: the viewed user's id, company, and what kind of user it is. */
export interface ProfileSubject {
  id: number;
  companyId: number | null;
  /** Holds a role with my_dashboard_access (works shifts: has skills, payment). */
  isWorker: boolean;
  /** A client contact (COL): has a company to show. */
  isClientContact: boolean;
}

/** The office: people who manage other users (the user list has no permission of its own). */
export const PEOPLE_PERMISSIONS = [
  "user_create",
  "freelancer_access",
  "can_view_applicants_list",
  "company_access",
] as const;

export function isOffice(viewer: ProfileViewer): boolean {
  return !viewer.isClient && PEOPLE_PERMISSIONS.some((p) => viewer.permissions.has(p));
}

/**
 * May the viewer open this user's profile at all? Oneself always; the office anyone; a
 * client contact the users of its own company. Everyone else gets a 404, never a 403, so
 * ids cannot be probed.
 */
export function canViewProfile(viewer: ProfileViewer, subject: ProfileSubject): boolean {
  if (viewer.userId === subject.id) return true;
  if (viewer.isClient) return viewer.companyId !== null && subject.companyId === viewer.companyId;
  return isOffice(viewer);
}

/** May the viewer see this tab of this user's profile (given it may see the profile)? */
export function canViewTab(
  tab: ProfileTab,
  viewer: ProfileViewer,
  subject: ProfileSubject,
): boolean {
  if (!canViewProfile(viewer, subject)) return false;
  const self = viewer.userId === subject.id;
  const manages = viewer.permissions.has("user_create") && !viewer.isClient;
  switch (tab) {
    case "personal":
      return true;
    case "settings":
      return self || manages;
    case "payment":
      // Bank and tax details: the user and the people who create users, nobody else.
      return subject.isWorker && (self || manages);
    case "notes":
      return !self && isOffice(viewer);
    case "my-skills":
      return subject.isWorker && (self || isOffice(viewer));
    case "my-documents":
      return subject.isWorker && (self || isOffice(viewer));
    case "user-activities":
      return viewer.permissions.has("view_user_activity") && !viewer.isClient;
    case "about-company":
      return subject.isClientContact && subject.companyId !== null;
    case "invited-users":
      return self || viewer.permissions.has("can_view_all_referred_users_lists");
    case "user-calendar":
      return subject.isWorker && (self || isOffice(viewer));
    case "user-security":
      // Passwords, sessions and tokens are one's own business.
      return self;
  }
}

/**
 * Could the viewer see this tab on anyone's profile: its own (`viewerIsWorker`: it works
 * shifts itself), or another user's as the office? A verb behind the tab refuses a caller
 * for whom this is false before it reads the body (issue 27: 403, not the body's 422).
 */
export function mayUseTab(
  tab: ProfileTab,
  viewer: ProfileViewer,
  viewerIsWorker: boolean,
): boolean {
  const own: ProfileSubject = {
    id: viewer.userId,
    companyId: viewer.companyId,
    isWorker: viewerIsWorker,
    isClientContact: viewer.isClient,
  };
  // Another user of the viewer's company (the only ones a client contact may open).
  const other: ProfileSubject = {
    id: 0,
    companyId: viewer.companyId,
    isWorker: true,
    isClientContact: false,
  };
  return canViewTab(tab, viewer, own) || canViewTab(tab, viewer, other);
}

/** The tab bar: the built tabs the viewer may see, in order. */
export function visibleTabs(viewer: ProfileViewer, subject: ProfileSubject): ProfileTab[] {
  return PROFILE_TABS.filter((t) => BUILT.has(t) && canViewTab(t, viewer, subject));
}

export function isProfileTab(value: string): value is ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value);
}

/**
 * May the viewer change this user's personal data, settings and picture? Oneself, or a user
 * creator of the office (a client contact reads its company's people, never edits them).
 */
export function canEditProfile(viewer: ProfileViewer, subject: ProfileSubject): boolean {
  if (!canViewProfile(viewer, subject)) return false;
  if (viewer.userId === subject.id) return true;
  return !viewer.isClient && viewer.permissions.has("user_create");
}

/** May the viewer change this user's roles? A user creator, never on its own account. */
export function canEditRoles(viewer: ProfileViewer, subject: ProfileSubject): boolean {
  return (
    canViewProfile(viewer, subject) &&
    viewer.userId !== subject.id &&
    !viewer.isClient &&
    viewer.permissions.has("user_create")
  );
}

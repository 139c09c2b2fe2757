/** The groups of the role checklist (issue 12), in the order they are shown. */
export const PERMISSION_GROUPS = {
  work: "Work",
  people: "People",
  clients: "Clients",
  money: "Money",
  insights: "Insights",
  settings: "Settings",
} as const;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

/** One permission of the catalogue: a short label, its group, and what it opens. */
export interface PermissionInfo {
  label: string;
  group: PermissionGroup;
  opens: string;
}

const def = (group: PermissionGroup, label: string, opens: string): PermissionInfo => ({
  label,
  group,
  opens,
});

/**
 * Every permission string of spec §2 and §6 — the ones the code checks — with its group and a
 * sentence saying what it opens (the role checklist and /permissions show them). Roles are
 * rows that hold a set of these (editable under /roles); the defaults below are what the seed
 * gives the five built-in roles (the README carries the same table).
 */
export const PERMISSIONS = {
  my_dashboard_access: def(
    "work",
    "Worker dashboard (/my-dashboard)",
    "Opens the worker's own dashboard: next shifts, open jobs to apply for, hours to report.",
  ),
  dashboard_access: def(
    "work",
    "Agency dashboard (/dashboard)",
    "Opens the agency dashboard with today's jobs, open places and hours waiting for approval.",
  ),
  calendar_access: def(
    "work",
    "Calendar of jobs and shifts",
    "Opens the calendar of jobs and shifts the user may see.",
  ),
  job_view: def("work", "View jobs", "Opens the jobs list and a job's details, shifts and crew."),
  job_create: def("work", "Create jobs", "Lets the user create jobs and their shifts."),
  job_edit: def("work", "Edit jobs, quotes", "Lets the user edit jobs, their shifts and quotes."),
  job_template_access: def(
    "work",
    "Job templates",
    "Opens the job templates and lets the user start a job from one.",
  ),
  jobs_book_workers: def(
    "work",
    "Book workers onto shifts",
    "Lets the user book, swap and remove workers on a job's shift slots.",
  ),
  can_request_worker: def(
    "work",
    "Request workers for own company's jobs",
    "Lets a client contact ask for particular workers on its own company's jobs.",
  ),
  can_select_job_booker: def(
    "work",
    "Choose the booker of a job",
    "Lets the user choose which agency person books crew for a job.",
  ),
  job_notes_access: def("work", "Job notes", "Opens the notes of a job and lets the user add one."),
  approval_access: def(
    "work",
    "Approve reported hours",
    "Opens the approvals screen to approve or correct the hours workers reported.",
  ),
  has_live_chat: def("work", "Live chat", "Opens the live chat with the agency and the crew."),
  user_create: def(
    "people",
    "Create users",
    "Opens the user wizard to create workers, client contacts and staff.",
  ),
  view_user_activity: def(
    "people",
    "A user's activity tab",
    "Opens the activity tab of a user's profile: what they did and when.",
  ),
  can_view_all_referred_users_lists: def(
    "people",
    "Anyone's invited users",
    "Shows the users any person invited, not only the user's own invitees.",
  ),
  can_view_applicants_list: def(
    "people",
    "Applicants awaiting approval",
    "Opens the applicants list to approve or reject people who signed up.",
  ),
  freelancer_access: def(
    "people",
    "Freelancer search",
    "Opens the freelancer search by skill, level, branch and availability.",
  ),
  can_invite_workers: def(
    "people",
    "Invite a friend",
    "Shows “Invite a friend”, which e-mails an invitation to sign up.",
  ),
  company_access: def("clients", "Clients (companies)", "Opens the clients and their details."),
  company_create: def("clients", "Create clients", "Lets the user add a client company."),
  company_edit: def("clients", "Edit clients", "Lets the user change a client's details."),
  venue_access: def("clients", "Venues", "Opens the venues where jobs take place."),
  rate_access: def(
    "money",
    "Client and worker rates of a job",
    "Shows and edits the client and worker rates on a job.",
  ),
  can_view_additional_costs: def(
    "money",
    "Additional costs of a job",
    "Shows and edits a job's additional costs (travel, equipment, extras).",
  ),
  can_view_job_projection: def(
    "money",
    "Job projection (costs and margin)",
    "Shows a job's projected revenue, costs and margin.",
  ),
  can_manage_worker_rates: def(
    "money",
    "Worker rates",
    "Opens the worker rates per skill and level, and lets the user change them.",
  ),
  salary_access: def(
    "money",
    "Salary reports and pay slips",
    "Opens salary runs, salary reports and pay slips.",
  ),
  can_view_statistics: def(
    "insights",
    "Insights and worker statistics",
    "Opens the insights screens and each worker's statistics.",
  ),
  can_view_earning_statistics: def(
    "insights",
    "Earnings insights",
    "Shows earnings figures in the insights and on worker statistics.",
  ),
  can_view_all_activities: def(
    "insights",
    "Activity log of everyone",
    "Opens the activity log of every user, not only the user's own.",
  ),
  level_access: def("settings", "Levels", "Opens the levels list and their order."),
  branch_access: def("settings", "Branches", "Opens the branches list."),
  document_type_access: def(
    "settings",
    "Document types",
    "Opens the document types workers upload and which of them are required.",
  ),
  settings_skill_access: def("settings", "Skills", "Opens the skills, sub-skills and their order."),
  equipment_category_access: def(
    "settings",
    "Equipment categories",
    "Opens the equipment categories list.",
  ),
  dresscode_access: def("settings", "Dress codes", "Opens the dress codes jobs and shifts use."),
  country_access: def(
    "settings",
    "Countries",
    "Opens the countries: operational flag, currency, time zone and rest hours.",
  ),
  language_access: def("settings", "Languages", "Opens the languages list."),
  role_access: def(
    "settings",
    "Roles",
    "Opens the roles and lets the user change which permissions each role holds.",
  ),
  permission_access: def(
    "settings",
    "Permissions",
    "Opens the permission strings and lets the user add ones for integrations.",
  ),
  settings_access: def(
    "settings",
    "Agency settings: two-factor rule, maintenance mode, agency details",
    "Opens the agency settings: two-factor rule, maintenance mode, agency details.",
  ),
  help_access: def(
    "settings",
    "Help articles",
    "Opens the help centre's articles for the user's role.",
  ),
  help_category_access: def(
    "settings",
    "Help categories",
    "Opens the help categories, who they are for and their order.",
  ),
  article_create: def("settings", "Create help articles", "Lets the user write new help articles."),
  article_edit: def("settings", "Edit help articles", "Lets the user edit help articles."),
} as const satisfies Record<string, PermissionInfo>;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** Whether the code checks this permission string (it cannot be renamed or deleted). */
export const isCodePermission = (name: string): name is Permission =>
  Object.prototype.hasOwnProperty.call(PERMISSIONS, name);

export const ROLE = {
  admin: "Administrator",
  projectManager: "Project Manager",
  crewHandler: "Crew Handler",
  client: "Client Contact",
  worker: "Freelancer",
} as const;
export type RoleTitle = (typeof ROLE)[keyof typeof ROLE];

/**
 * The built-in roles the code looks up by title (the admin and client checks, the booker and
 * PM pickers, registration giving the Freelancer role): their titles cannot change and they
 * cannot be deleted; their permissions and descriptions can.
 */
export const isBuiltInRole = (title: string) => (Object.values(ROLE) as string[]).includes(title);

const worker: Permission[] = [
  "my_dashboard_access",
  "calendar_access",
  "help_access",
  "has_live_chat",
  "can_invite_workers",
];

const client: Permission[] = [
  "dashboard_access",
  "calendar_access",
  "job_view",
  "job_create",
  "can_request_worker",
  "job_notes_access",
  "approval_access",
  "venue_access",
  "help_access",
  "has_live_chat",
];

const crewHandler: Permission[] = [
  "dashboard_access",
  "calendar_access",
  "job_view",
  "jobs_book_workers",
  "job_notes_access",
  "approval_access",
  "user_create",
  "view_user_activity",
  "has_live_chat",
  "can_view_applicants_list",
  "freelancer_access",
  "venue_access",
  "help_access",
  "can_invite_workers",
];

const projectManager: Permission[] = [
  ...crewHandler,
  "can_view_statistics",
  "job_create",
  "job_edit",
  "job_template_access",
  "can_view_additional_costs",
  "can_view_job_projection",
  "rate_access",
  "company_access",
  "company_create",
  "company_edit",
  "dresscode_access",
  "can_select_job_booker",
];

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleTitle, Permission[]> = {
  [ROLE.admin]: ALL_PERMISSIONS,
  [ROLE.projectManager]: projectManager,
  [ROLE.crewHandler]: crewHandler,
  [ROLE.client]: client,
  [ROLE.worker]: worker,
};

export const ROLE_DESCRIPTIONS: Record<RoleTitle, string> = {
  [ROLE.admin]: "Runs the agency's installation: everything, including settings and money.",
  [ROLE.projectManager]: "Plans jobs for clients, prices them, books crew and approves hours.",
  [ROLE.crewHandler]: "Books and looks after crew, approves applicants and hours.",
  [ROLE.client]: "A client's contact on location: its own company's jobs, requests and hours.",
  [ROLE.worker]: "A freelance worker: applies for shifts, checks in and reports hours.",
};

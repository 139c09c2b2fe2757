/**
 * Every permission string of spec §2 and §6, with what it opens. Roles are rows that
 * hold a set of these (editable under /roles); the defaults below are what the seed gives
 * the five built-in roles (the README carries the same table).
 */
export const PERMISSIONS = {
  my_dashboard_access: "Worker dashboard (/my-dashboard)",
  dashboard_access: "Agency dashboard (/dashboard)",
  can_view_statistics: "Insights and worker statistics",
  can_view_earning_statistics: "Earnings insights",
  can_view_all_activities: "Activity log of everyone",
  calendar_access: "Calendar of jobs and shifts",
  job_create: "Create jobs",
  job_edit: "Edit jobs, quotes",
  job_template_access: "Job templates",
  job_view: "View jobs",
  jobs_book_workers: "Book workers onto shifts",
  can_request_worker: "Request workers for own company's jobs",
  can_view_additional_costs: "Additional costs of a job",
  can_view_job_projection: "Job projection (costs and margin)",
  rate_access: "Client and worker rates of a job",
  job_notes_access: "Job notes",
  approval_access: "Approve reported hours",
  user_create: "Create users",
  view_user_activity: "A user's activity tab",
  can_view_all_referred_users_lists: "Anyone's invited users",
  has_live_chat: "Live chat",
  can_view_applicants_list: "Applicants awaiting approval",
  company_access: "Clients (companies)",
  company_create: "Create clients",
  company_edit: "Edit clients",
  level_access: "Levels",
  branch_access: "Branches",
  document_type_access: "Document types",
  settings_skill_access: "Skills",
  equipment_category_access: "Equipment categories",
  dresscode_access: "Dress codes",
  freelancer_access: "Freelancer search",
  country_access: "Countries",
  language_access: "Languages",
  permission_access: "Permissions",
  role_access: "Roles",
  can_manage_worker_rates: "Worker rates",
  venue_access: "Venues",
  salary_access: "Salary reports and pay slips",
  help_access: "Help articles",
  help_category_access: "Help categories",
  article_edit: "Edit help articles",
  article_create: "Create help articles",
  can_select_job_booker: "Choose the booker of a job",
  can_invite_workers: "Invite a friend",
  settings_access: "Agency settings: two-factor rule, maintenance mode, agency details",
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const ROLE = {
  admin: "Administrator",
  projectManager: "Project Manager",
  crewHandler: "Crew Handler",
  client: "Client Contact",
  worker: "Freelancer",
} as const;
export type RoleTitle = (typeof ROLE)[keyof typeof ROLE];

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

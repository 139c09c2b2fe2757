/**
 * Why a user landed on their start page instead of the page they asked for (issue 23): the
 * guard and the pages add `?denied=<code>` to the redirect, and the start page says it in
 * words. Only the codes below travel; the text is always this table's, never the query's.
 */
const WHAT: Record<string, string> = {
  page: "that page",
  dashboard: "the office dashboard",
  "my-dashboard": "the worker dashboard",
  insights: "the statistics",
  "insights-workers": "the worker statistics",
  "insights-earnings": "the earnings statistics",
  "activity-log": "the activity log",
  calendar: "the calendar",
  jobs: "the jobs",
  "jobs-create": "creating jobs",
  "jobs-templates": "the job templates",
  "jobs-edit": "editing this job",
  "jobs-shifts": "the shifts of this job",
  "jobs-book": "booking crew on this job",
  "jobs-additional-costs": "the additional costs of this job",
  "jobs-job-projection": "the projection of this job",
  "jobs-client-rates": "the client rates of this job",
  "jobs-worker-rates": "the worker rates of this job",
  "jobs-job-notes": "the notes of this job",
  "create-quote": "the job quotes",
  "edit-quote": "the job quotes",
  "job-quotes": "the job quotes",
  approvals: "the approvals",
  users: "the users",
  "users-create": "creating users",
  "users-personal": "this person's profile",
  "users-settings": "this person's settings",
  "users-payment": "the payment details of this person",
  "users-notes": "the notes on this person",
  "users-my-documents": "the documents of this person",
  "users-my-skills": "the skills of this person",
  "users-user-activities": "the activity of this person",
  "users-about-company": "the company details of this person",
  "users-invited-users": "the people this person invited",
  "users-user-calendar": "the calendar of this person",
  "users-user-security": "the security settings of this person",
  "live-chat": "the live chat",
  applicants: "the applicants",
  "on-call": "the on-call list",
  clients: "the clients",
  "clients-new": "adding clients",
  "clients-edit": "editing this client",
  client: "this client",
  "client-users": "the users of this client",
  "client-preferred-skills": "the preferred skills of this client",
  "client-venues": "the venues of this client",
  "client-rates": "the rates of this client",
  levels: "the levels",
  branches: "the branches",
  "document-types": "the document types",
  skills: "the skills",
  "equipment-categories": "the equipment categories",
  dresscodes: "the dress codes",
  freelancers: "the freelancer search",
  countries: "the countries",
  languages: "the languages",
  permissions: "the permissions",
  roles: "the roles",
  "worker-rates": "the worker rates",
  venues: "the venues",
  "venues-edit": "editing venues",
  salaryreports: "the salary reports",
  settings: "the agency settings",
  help: "the help centre",
  "help-categories": "the help categories",
  "help-edit": "editing help articles",
  "help-create": "writing help articles",
};

export type DeniedCode = string;

/** Whether `code` is one of the table's codes (anything else is ignored, never shown). */
export const isDeniedCode = (code: unknown): code is DeniedCode =>
  typeof code === "string" && Object.hasOwn(WHAT, code);

/** "You don't have access to the rates of this client." — null for anything not in the table. */
export function deniedMessage(code: unknown): string | null {
  return isDeniedCode(code) ? `You don't have access to ${WHAT[code]}.` : null;
}

/**
 * The code of a page from its address's words: the literal segments of its route and a tab
 * (`/client/7/rates` → "client-rates", `/jobs/3/edit` → "jobs-edit"), ids left out. A tab the
 * table does not name falls back to its screen ("salaryreports"), else to "page".
 */
export function deniedCodeOf(words: readonly string[]): DeniedCode {
  const full = words.join("-");
  if (isDeniedCode(full)) return full;
  for (let n = words.length - 1; n > 0; n--) {
    const shorter = words.slice(0, n).join("-");
    if (isDeniedCode(shorter)) return shorter;
  }
  return "page";
}

/** `to` with `?denied=<code>` (a start page, a path without a query). */
export const withDenied = (to: string, code: DeniedCode) =>
  `${to}?denied=${encodeURIComponent(code)}`;

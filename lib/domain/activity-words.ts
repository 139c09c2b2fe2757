import { humanizeKey, type ActivityLink } from "./activity";

/**
 * How an activity reads as a sentence (issue 23): "Hanna Lund deactivated Petra Planner",
 * "added a note on William Berg", with the kinds of rows in words ("On-call", "Reported
 * hours"), never raw keys. Rows written long ago keep their stored descriptions; this reads
 * them all the same way, so old and new rows say who or what they were about.
 */

/** Log names and subject types in words. Anything not listed reads humanized ("Foo bar"). */
const TYPE_LABELS: Record<string, string> = {
  applications: "Applications and bookings",
  auth: "Sign-in and security",
  branches: "Branches",
  companies: "Clients",
  countries: "Countries",
  document_types: "Document types",
  documents: "Documents",
  dresscodes: "Dress codes",
  equipment_categories: "Equipment categories",
  help: "Help",
  hours: "Reported hours",
  invitations: "Invitations",
  job_templates: "Job templates",
  jobs: "Jobs",
  languages: "Languages",
  levels: "Levels",
  notes: "Notes",
  on_call: "On-call",
  permissions: "Permissions",
  quotes: "Quotes",
  rates: "Rates",
  roles: "Roles",
  settings: "Agency settings",
  skills: "Skills",
  users: "Users",
  venues: "Venues",
  // Subject types that are no log name.
  reported_hours: "Reported hours",
  client_rates: "Client rate",
  worker_rates: "Worker rate",
  rate_presets: "Rate preset",
  agency_holidays: "Holiday",
  help_articles: "Help article",
  help_categories: "Help category",
  help_images: "Help image",
};

/** "on_call" → "On-call", "hours" → "Reported hours". */
export function activityTypeLabel(key: string): string {
  return Object.hasOwn(TYPE_LABELS, key) ? TYPE_LABELS[key] : humanizeKey(key);
}

/** A piece of the sentence: words, or the subject's name as a link to it. */
export type ActivityPart = string | { link: ActivityLink };

export interface ActivitySentenceInput {
  description: string;
  causerId: number | null;
  causerName: string | null;
  subjectType: string | null;
  subjectId: number | null;
  /** The subject's name, found in the log's own query. */
  subjectName: string | null;
  /** The subject's page, when it has one. */
  link: ActivityLink | null;
}

/**
 * Descriptions that do not name their subject, as verbs wrote them: `{S}` is the subject,
 * `self` the words when the causer acted on their own account.
 */
const PHRASES: { match: RegExp; other: string; self?: string }[] = [
  { match: /^created$/, other: "created {S}" },
  { match: /^deleted$/, other: "deleted {S}" },
  { match: /^activated$/, other: "activated {S}" },
  { match: /^deactivated$/, other: "deactivated {S}" },
  {
    match: /^Profile updated$/,
    other: "updated the profile of {S}",
    self: "updated their profile",
  },
  { match: /^Skills updated$/, other: "updated the skills of {S}", self: "updated their skills" },
  {
    match: /^Skill experience updated$/,
    other: "updated the skill experience of {S}",
    self: "updated their skill experience",
  },
  {
    match: /^Payment settings updated$/,
    other: "updated the payment settings of {S}",
    self: "updated their payment settings",
  },
  {
    match: /^Profile picture changed$/,
    other: "changed the profile picture of {S}",
    self: "changed their profile picture",
  },
  { match: /^Password link sent by the office$/, other: "sent a password link to {S}" },
  {
    match: /^Two-factor login turned off by the office$/,
    other: "turned off two-factor login for {S}",
  },
  { match: /^Signed out everywhere by the office$/, other: "signed {S} out everywhere" },
  { match: /^Added a note on (?:user|job) #\d+$/, other: "added a note on {S}" },
  { match: /^Edited note #\d+$/, other: "edited a note on {S}" },
  { match: /^Deleted note #\d+$/, other: "deleted a note on {S}" },
  { match: /^Pinned note #\d+$/, other: "pinned a note on {S}" },
  { match: /^Unpinned note #\d+$/, other: "unpinned a note on {S}" },
  {
    match: /^mailed contact on location and project manager$/,
    other: "mailed the contact on location and the project manager of {S}",
  },
];

/**
 * What a signed-out user did on their own account (no causer is recorded): the sentence then
 * starts with the person ("Nora Lind reset their password"), not with "System".
 */
const OWN_ACCOUNT: Record<string, string> = {
  Registered: "signed up",
  "Password reset": "set a new password with a reset link",
  "Password reset requested": "asked for a password reset link",
  "E-mail address verified": "confirmed their e-mail address",
  "E-mail change reported": "reported an e-mail change they did not make",
};

/** First words that are the verb of the sentence, lower-cased after the causer's name. */
const VERB = /^(?:[A-Z][a-z]+ed|Set|Made|Sent|Undid|Saved|Signed|Cloned|Moved|Removed|Added)\b/;

const lowerVerb = (text: string) =>
  VERB.test(text) ? text[0].toLowerCase() + text.slice(1) : text;

/** `text` with the first `name` in it as the subject's link. */
function linkName(text: string, name: string, link: ActivityLink | null): ActivityPart[] {
  const at = name ? text.indexOf(name) : -1;
  if (at < 0) return [text];
  const subject: ActivityPart = link ? { link: { ...link, label: name } } : name;
  return [text.slice(0, at), subject, text.slice(at + name.length)].filter((p) => p !== "");
}

/**
 * The sentence after the causer's name: "deactivated Petra Planner" (the name linked to her
 * profile), "added a note on William Berg", "checked in on Summer gala at 17:06". A stored
 * description that already names its subject keeps its words (with the name linked).
 */
export function activitySentence(row: ActivitySentenceInput): ActivityPart[] {
  const name = row.subjectName?.trim() || row.link?.label || "";
  const self =
    row.subjectType === "users" && row.causerId !== null && row.causerId === row.subjectId;
  let text = row.description.trim();
  if (
    row.causerId === null &&
    row.subjectType === "users" &&
    name &&
    Object.hasOwn(OWN_ACCOUNT, text)
  )
    return [row.link ? { link: { ...row.link, label: name } } : name, ` ${OWN_ACCOUNT[text]}`];
  const phrase = PHRASES.find((p) => p.match.test(text));
  if (phrase) {
    if (self && phrase.self) return [phrase.self];
    if (name) {
      const [before, after] = phrase.other.split("{S}");
      const subject: ActivityPart = row.link ? { link: { ...row.link, label: name } } : name;
      return [before, subject, after].filter((p) => p !== "");
    }
  }
  // "William Berg checked in on …" after "William Berg": the name once.
  const causer = row.causerName?.trim();
  if (causer && text.startsWith(`${causer} `)) text = text.slice(causer.length + 1);
  // After a name the verb reads on in lower case; the system's own rows are notes as written.
  return linkName(row.causerId !== null ? lowerVerb(text) : text, name, row.link);
}

/** Whether the sentence already links the subject (then no separate "on which record" link). */
export const sentenceLinksSubject = (parts: ActivityPart[]) =>
  parts.some((p) => typeof p !== "string");

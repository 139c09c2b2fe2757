import { formatDateTime } from "./format";

/**
 * How an activity-log row reads on /activity-log and the profile tab user-activities: the
 * lines its properties give (what changed, before → after) and the record it links to.
 * The verbs record properties in a few shapes (grep logActivity in lib/services):
 * `{from, to}` and `{old, new}` for a status change, `{before: {...}, after: {...}}` for
 * edited fields, `{fields: [...]}` / `{changed: [...]}` for the names of changed fields, and
 * plain facts (`{reason}`, `{email}`). One function turns them all into display lines.
 */
export interface ActivityLine {
  label: string;
  /** A change: before → after. */
  from?: string;
  to?: string;
  /** A plain fact. */
  value?: string;
}

/** Never shown: secrets and what identifies a device or a connection. */
const SECRET = /(hash|token|password|secret|otp|remember|^ip$|user_?agent|session)/i;
/** Internal row ids: the row's link already leads to the record. */
const INTERNAL_ID = /(^id$|_id$|Id$|_ids$|Ids$|^undo_of$|^restored_from$|^invited_by$)/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 200;

/** "shiftsAdded" / "has_danish_bank" → "Shifts added" / "Has danish bank". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** A property value as text: dates in the viewer's zone, lists joined, empty as "—". */
export function displayValue(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (ISO_DATE_TIME.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return formatDateTime(d, timeZone);
    }
    // A calendar day (an expiry date): DD/MM/YYYY, spec §9.
    if (ISO_DATE.test(value)) return value.split("-").reverse().join("/");
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  }
  if (Array.isArray(value)) {
    const parts = value.filter((v) => typeof v !== "object" || v === null);
    return parts.length ? parts.map((v) => displayValue(v, timeZone)).join(", ") : "—";
  }
  return "—";
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const shown = (key: string) => !SECRET.test(key) && !INTERNAL_ID.test(key);

/** The display lines of an activity's properties (unknown shapes read as plain facts). */
export function activityLines(properties: unknown, timeZone: string): ActivityLine[] {
  if (!isRecord(properties)) return [];
  const lines: ActivityLine[] = [];
  const used = new Set<string>();
  const change = (label: string, from: unknown, to: unknown) =>
    lines.push({ label, from: displayValue(from, timeZone), to: displayValue(to, timeZone) });

  const scalar = (v: unknown) => typeof v !== "object" || v === null;
  if (
    ("from" in properties || "to" in properties) &&
    scalar(properties.from) &&
    scalar(properties.to)
  ) {
    change("Status", properties.from, properties.to);
    used.add("from").add("to");
  }
  if (
    ("old" in properties || "new" in properties) &&
    scalar(properties.old) &&
    scalar(properties.new)
  ) {
    change("Status", properties.old, properties.new);
    used.add("old").add("new");
  }
  // Edited fields: {before, after}, or {old, attributes} / {old, new} as objects.
  const afterKey = isRecord(properties.attributes) ? "attributes" : "new";
  const beforeKey = isRecord(properties.before) || isRecord(properties.after) ? "before" : "old";
  const pairAfter = beforeKey === "before" ? "after" : afterKey;
  const rawBefore = properties[beforeKey];
  const rawAfter = properties[pairAfter];
  if (isRecord(rawBefore) || isRecord(rawAfter)) {
    const before = isRecord(rawBefore) ? rawBefore : {};
    const after = isRecord(rawAfter) ? rawAfter : {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!shown(key)) continue;
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      change(humanizeKey(key), before[key], after[key]);
    }
    used.add(beforeKey).add(pairAfter);
  }
  for (const key of ["fields", "changed"]) {
    const names = properties[key];
    if (!Array.isArray(names)) continue;
    const visible = names.filter((n): n is string => typeof n === "string" && shown(n));
    if (visible.length)
      lines.push({ label: "Changed fields", value: visible.map(humanizeKey).join(", ") });
    used.add(key);
  }
  for (const [key, value] of Object.entries(properties)) {
    if (used.has(key) || !shown(key) || isRecord(value)) continue;
    if (value === null || value === undefined || value === "") continue;
    lines.push({ label: humanizeKey(key), value: displayValue(value, timeZone) });
  }
  return lines;
}

/** What a row's subject link needs: its type and id, and what the page looked up for it. */
export interface ActivitySubject {
  subjectType: string | null;
  subjectId: number | null;
  /**
   * The record the subject lives under, looked up for the whole page at once: the job of an
   * application, the owner of a document. Null when there is none (or it is gone).
   */
  parentId?: number | null;
  causerId?: number | null;
  /** What the record is called (a job's name, a person's, a document's type), when known. */
  name?: string | null;
}

export interface ActivityLink {
  href: string;
  label: string;
}

/** Where a row's "on which record" leads; null when the record has no page of its own. */
export function activitySubjectLink(s: ActivitySubject): ActivityLink | null {
  const id = s.subjectId;
  // The record's own name where the log query found it, else its kind and number.
  const called = (fallback: string) => s.name?.trim() || fallback;
  switch (s.subjectType) {
    case "jobs":
      return id ? { href: `/jobs/${id}`, label: called(`Job #${id}`) } : null;
    case "users":
      return id ? { href: `/users/${id}/personal`, label: called(`User #${id}`) } : null;
    case "applications":
      return s.parentId
        ? {
            href: `/jobs/${s.parentId}/shifts`,
            label: s.name?.trim()
              ? `Booking on ${s.name.trim()}`
              : `Application #${id} (job #${s.parentId})`,
          }
        : null;
    case "venues":
      return id ? { href: `/venues/edit/${id}`, label: called(`Venue #${id}`) } : null;
    case "documents":
      return s.parentId
        ? { href: `/users/${s.parentId}/my-documents`, label: called(`Document #${id}`) }
        : null;
    case "document_types":
      return {
        href: "/document-types",
        label: id ? called(`Document type #${id}`) : "Document types",
      };
    case "job_templates":
      return id ? { href: `/jobs/templates/${id}`, label: called(`Template #${id}`) } : null;
    case "dresscodes":
      return { href: "/dresscodes", label: id ? called(`Dress code #${id}`) : "Dress codes" };
    case "companies":
      return id ? { href: `/client/${id}`, label: called(`Client #${id}`) } : null;
    case "quotes":
      return id ? { href: `/edit-quote/${id}`, label: called(`Quote #${id}`) } : null;
    case "invitations":
      return s.causerId
        ? { href: `/users/${s.causerId}/invited-users`, label: `Invitation #${id}` }
        : null;
    default:
      return null;
  }
}

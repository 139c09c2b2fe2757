/**
 * How long a text field may be: one set of limits for the verbs' zod schemas (a longer value
 * is a 422 naming the field) and the forms (the input's maxLength and the counter shown near
 * the limit). The database stores text columns, so these are the only limits there are.
 */

import { formatCount } from "./length-count";

// The counter lives in length-count.ts: the form field needs only it, so a form tab without a
// limit of its own does not ship these tables in its first load.
export { COUNTER_FROM, formatCount, lengthCounter } from "./length-count";

/** A record's or a person's name, a title: a job, a venue, a client, an article, a city. */
export const NAME_MAX = 200;
/** A person's first or last name. */
export const PERSON_NAME_MAX = 100;
/** The name of a master-data entry (level, skill, branch, language, role …): a label in lists. */
export const LABEL_MAX = 100;
/** One line of free text: an address, an entrance, a website (stored rows hold up to 300). */
export const SHORT_TEXT_MAX = 300;
/** A postal code. */
export const ZIP_MAX = 20;
/** A number typed as text: a tax id, a phone number of a company. */
export const CODE_MAX = 50;
/** An e-mail address (RFC 5321's longest path). */
export const EMAIL_MAX = 254;
/** A password as typed (the strength rule sets the least). */
export const PASSWORD_MAX = 200;
/** What a search box takes. */
export const SEARCH_MAX = 200;
/** A comment or a reason: a few sentences (hours, cancelling, declining, dress code notes). */
export const COMMENT_MAX = 2_000;
/** A live chat message (counted in characters after trimming). */
export const CHAT_MESSAGE_MAX = 2_000;
/** A note, notes for workers, a shift's description, a message, a client's policies. */
export const NOTE_MAX = 5_000;
/** A job's details: the long text of a job. */
export const DETAILS_MAX = 20_000;
/** A help article's body: sanitized HTML, its tags counted (about 100 kB). */
export const RICH_TEXT_MAX = 100_000;

/** How long each text of a job may be: the job verbs' schema and the job form read this. */
export const JOB_TEXT_LIMITS = {
  name: NAME_MAX,
  venue_name: NAME_MAX,
  city: NAME_MAX,
  address: SHORT_TEXT_MAX,
  zip: ZIP_MAX,
  province: NAME_MAX,
  entrance: SHORT_TEXT_MAX,
  invoice_reference: NAME_MAX,
  details: DETAILS_MAX,
  reason: COMMENT_MAX,
} as const;
export type JobTextField = keyof typeof JOB_TEXT_LIMITS;

/**
 * How long each text of the personal tab may be: the profile verb's schema reads this, and the
 * personal tab's page hands it to its form (so the form's first load does not carry this module).
 */
export const PERSONAL_TEXT_LIMITS = {
  first_name: PERSON_NAME_MAX,
  last_name: PERSON_NAME_MAX,
  email: EMAIL_MAX,
  address: SHORT_TEXT_MAX,
  city: NAME_MAX,
  zip: ZIP_MAX,
  nationality: LABEL_MAX,
} as const;

/** How long each text of a shift may be (the shift card's fields, the create payload's names). */
export const SHIFT_TEXT_LIMITS = {
  dresscodeNotes: COMMENT_MAX,
  notesForWorkers: NOTE_MAX,
  description: NOTE_MAX,
} as const;

/** The fragment the verbs' schemas use ("may be at most 20,000 characters"). */
export const atMostChars = (max: number): string => `may be at most ${formatCount(max)} characters`;

/** A sentence naming the field ("The note may be at most 5,000 characters."). */
export const tooLongMessage = (label: string, max: number): string =>
  `The ${label} ${atMostChars(max)}.`;

/** Bytes of a value as a server action would send it (JSON text, UTF-8). */
export function sentBytes(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value) ?? "").length;
  } catch {
    return 0;
  }
}

import { addDaysTo, dayText, parseDay, type LocalDay } from "./calendar";
import { daysBetween } from "./document-badge";

/**
 * Days a worker marks unavailable (issue 25, user calendar; the spec is silent on the rules):
 * calendar dates (YYYY-MM-DD, no zone) from today on, at most UNAVAILABLE_MAX_DAYS per call,
 * each with an optional short note.
 */

/** The longest range one call marks or unmarks, both ends included. */
export const UNAVAILABLE_MAX_DAYS = 62;
export const UNAVAILABLE_NOTE_MAX = 200;

export const UNAVAILABLE_MESSAGES = {
  badDate: "Use a date written YYYY-MM-DD.",
  endBeforeStart: "The end date must be on or after the start date.",
  past: "A day in the past cannot be marked unavailable.",
  tooLong: `Mark at most ${UNAVAILABLE_MAX_DAYS} days at a time.`,
  noteTooLong: `The note may be at most ${UNAVAILABLE_NOTE_MAX} characters.`,
  noteNotText: "The note must be text.",
} as const;

export type UnavailableRange =
  | { ok: true; from: string; to: string; days: string[] }
  | { ok: false; field: "from" | "to"; message: string };

/**
 * The days from..to (both included; `to` missing or blank: just `from`), when they are real
 * dates, in order, at most UNAVAILABLE_MAX_DAYS long and, when `today` is given (marking), none
 * before it. Unmarking passes no `today`: a past mark may be removed.
 */
export function unavailableRange(
  rawFrom: unknown,
  rawTo: unknown,
  today?: string,
): UnavailableRange {
  const blank = (v: unknown) => v === undefined || v === null || v === "";
  const from = strictDay(rawFrom);
  if (!from) return { ok: false, field: "from", message: UNAVAILABLE_MESSAGES.badDate };
  const to = blank(rawTo) ? from : strictDay(rawTo);
  if (!to) return { ok: false, field: "to", message: UNAVAILABLE_MESSAGES.badDate };
  const fromText = dayText(from);
  const toText = dayText(to);
  const count = daysBetween(fromText, toText) + 1;
  if (count < 1) return { ok: false, field: "to", message: UNAVAILABLE_MESSAGES.endBeforeStart };
  if (count > UNAVAILABLE_MAX_DAYS)
    return { ok: false, field: "to", message: UNAVAILABLE_MESSAGES.tooLong };
  if (today !== undefined && fromText < today)
    return { ok: false, field: "from", message: UNAVAILABLE_MESSAGES.past };
  const days: string[] = [];
  for (let i = 0; i < count; i++) days.push(dayText(addDaysTo(from, i)));
  return { ok: true, from: fromText, to: toText, days };
}

/** Only a plain YYYY-MM-DD (no time part) is a day here. */
function strictDay(value: unknown): LocalDay | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return parseDay(value);
}

export type UnavailableNote = { ok: true; note: string | null } | { ok: false; message: string };

/** The note, trimmed (blank: none), at most UNAVAILABLE_NOTE_MAX characters. */
export function unavailableNote(raw: unknown): UnavailableNote {
  if (raw === undefined || raw === null) return { ok: true, note: null };
  if (typeof raw !== "string") return { ok: false, message: UNAVAILABLE_MESSAGES.noteNotText };
  const note = raw.trim();
  if ([...note].length > UNAVAILABLE_NOTE_MAX)
    return { ok: false, message: UNAVAILABLE_MESSAGES.noteTooLong };
  return { ok: true, note: note || null };
}

/** How the user calendar says it: "Unavailable — <note>", or just "Unavailable". */
export const unavailableLabel = (note: string | null): string =>
  note ? `Unavailable — ${note}` : "Unavailable";

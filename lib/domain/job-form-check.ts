/**
 * The job form's checks and its words, in one place: what the form checks before sending
 * (everything at once), and how the field errors of the job verbs (zod fragments such as
 * "must be a positive id", kept as they are for the API) read on the screen ("Choose a
 * company"). Errors of one shift are keyed by its field in the shift editor.
 */
import { validateShifts, type ShiftEdit, type ShiftId } from "./shift-editing";
import { JOB_TEXT_LIMITS, atMostChars, type JobTextField } from "./text-limits";

export type FieldErrors = Record<string, string[]>;

/** A shift card's fields: "date", "start", "end", "duration", "slots", or "_" for the shift. */
export type ShiftField = "date" | "start" | "end" | "duration" | "slots" | "_";

export interface JobFormErrors {
  /** Keyed by the job field ("name", "company_id", …, "shifts" for the shift list). */
  fields: FieldErrors;
  /** Keyed by String(shift id), then by ShiftField. */
  shifts: Record<string, FieldErrors>;
}

export const NO_SHIFTS = "Add at least one shift";
export const TYPE_VENUE = "Choose a venue or type its name";

/** What to do about a field, when the server only says what was wrong with its value. */
const ASK: Record<string, string> = {
  name: "Enter the job's name",
  company_id: "Choose a company",
  country_id: "Choose a country",
  venue_id: "Choose a venue",
  venue_name: TYPE_VENUE,
  contact_on_location_id: "Choose a contact on location",
  project_manager_id: "Choose a project manager",
  dresscode_id: "Choose a dress code",
  booker_id: "Choose a booker",
  book_from_branches: "Choose the branches to book from",
};

/** The form's labels, for messages that name a limit ("Zip may be at most 20 characters"). */
const LABEL: Record<JobTextField, string> & Record<string, string> = {
  name: "Job name",
  venue_name: "Venue name",
  address: "Address",
  zip: "Zip",
  city: "City",
  province: "Area / province",
  entrance: "Entrance",
  invoice_reference: "Invoice reference",
  details: "Details",
  reason: "Reason",
};

const SHIFT_ASK: Record<ShiftField, string> = {
  date: "Enter the date as DD/MM/YYYY",
  start: "Enter the start time as HH:mm",
  end: "Enter the end time as HH:mm",
  duration: "The duration must be more than 0 and at most 24 hours",
  slots: "Add at least one skill slot",
  _: "Check this shift",
};

/** A zod fragment or a type complaint, not a sentence written for people. */
const isFragment = (message: string) =>
  /^[a-z]/.test(message) || /^(Invalid|Required|Expected)\b/.test(message);

/** One field's messages in the form's words. */
export function humanFieldMessage(field: string, message: string): string {
  if (!isFragment(message)) return message;
  if (/^may be at most/.test(message) && LABEL[field]) return `${LABEL[field]} ${message}`;
  return ASK[field] ?? (LABEL[field] ? `${LABEL[field]} ${message}` : `Check this field`);
}

/** "startDate", "slots.0.qty", "shift_slots.1.positions" … → the shift card's field. */
export function shiftFieldOf(key: string): ShiftField {
  const head = key.split(".")[0];
  if (head === "startDate") return "date";
  if (head === "start") return "start";
  if (head === "endHour" || head === "end") return "end";
  if (head === "duration") return "duration";
  if (head === "slots" || head === "shift_slots") return "slots";
  return "_";
}

function humanShiftMessage(field: ShiftField, key: string, message: string): string {
  if (!isFragment(message)) return message;
  if (field === "slots" && /qty|positions/.test(key))
    return "The quantity must be a whole number from 1 to 500";
  if (field === "slots" && /skill_id/.test(key)) return "Choose a skill";
  return SHIFT_ASK[field];
}

const push = (map: FieldErrors, key: string, message: string) => {
  const list = (map[key] ??= []);
  if (!list.includes(message)) list.push(message);
};

/**
 * Everything the form can tell before sending, at once: the job's required choices, each
 * text within its limit (a pasted text past it stays in its field, with this error, and is
 * never sent), at least one shift, and each live shift's date, times and slots.
 */
export function checkJobForm(
  values: {
    name: string;
    company_id: number | null;
    country_id: number | null;
    venue_id: number | null;
    venue_name: string;
  } & Partial<Record<JobTextField, string>>,
  shifts: readonly ShiftEdit[],
): JobFormErrors {
  const errors: JobFormErrors = { fields: {}, shifts: {} };
  if (!values.name.trim()) push(errors.fields, "name", ASK.name);
  if (!values.company_id) push(errors.fields, "company_id", ASK.company_id);
  if (!values.country_id) push(errors.fields, "country_id", ASK.country_id);
  // "Another venue (type it)" chosen and nothing typed.
  if (values.venue_id === null && values.venue_name !== "" && !values.venue_name.trim())
    push(errors.fields, "venue_name", TYPE_VENUE);
  for (const [field, max] of Object.entries(JOB_TEXT_LIMITS) as [JobTextField, number][]) {
    const value = values[field];
    if (typeof value === "string" && value.trim().length > max)
      push(errors.fields, field, `${LABEL[field]} ${atMostChars(max)}`);
  }
  if (!shifts.some((s) => !s.isDeleted)) push(errors.fields, "shifts", NO_SHIFTS);
  for (const p of validateShifts(shifts)) {
    const field = shiftFieldOf(p.field);
    push((errors.shifts[String(p.shiftId)] ??= {}), field, p.message);
  }
  return errors;
}

/**
 * The field errors of a job verb (create or edit) in the form's words. `order` is the shift
 * id at each index of the payload's `shifts`, so `shifts.2.startDate` lands on its card.
 */
export function humanJobErrors(
  errors: FieldErrors | undefined,
  order: readonly ShiftId[],
): JobFormErrors {
  const out: JobFormErrors = { fields: {}, shifts: {} };
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const m = /^shifts\.(\d+)\.?(.*)$/.exec(key);
    if (m) {
      const id = order[Number(m[1])];
      const field = shiftFieldOf(m[2]);
      if (id === undefined) {
        for (const msg of messages) push(out.fields, "shifts", msg);
        continue;
      }
      for (const msg of messages)
        push((out.shifts[String(id)] ??= {}), field, humanShiftMessage(field, m[2], msg));
      continue;
    }
    const field = key === "" ? "_" : key;
    for (const msg of messages)
      push(
        out.fields,
        field,
        field === "shifts" ? shiftsMessage(msg) : humanFieldMessage(field, msg),
      );
  }
  return out;
}

/** The spec's "Please enter valid shifts" stays the API's; on the form an empty list asks for one. */
const shiftsMessage = (message: string) =>
  message === "Please enter valid shifts" ? NO_SHIFTS : message;

export const hasErrors = (e: JobFormErrors): boolean =>
  Object.keys(e.fields).length > 0 || Object.keys(e.shifts).length > 0;

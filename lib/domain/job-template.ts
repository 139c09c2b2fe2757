/**
 * The shifts of a job template (spec §3 Job template: json_data shifts with startDate,
 * startHour, endHour, skills, status and a sequential id). Pure.
 *
 * A template keeps wall-clock hours, not durations: a job built from it has the same hours on
 * each day, so 22:00–06:00 stays 22:00–06:00 (and overnight) even on the night the clocks
 * change, when it really lasts 7 or 9 hours.
 */
import { parseDate } from "./format";
import { addDays } from "./time";
import {
  ShiftEditError,
  isValidQty,
  normalizeDate,
  normalizeTime,
  sortShifts,
  type CreateShiftPayload,
  type ShiftEdit,
} from "./shift-editing";

export interface TemplateShift {
  /** 1..n in date order. */
  id: number;
  /** DD/MM/YYYY */
  startDate: string;
  /** HH:mm */
  startHour: string;
  /** HH:mm; at or before startHour means the next day. */
  endHour: string;
  skills: { skill_id: number; qty: number }[];
  /** Carried as given; the spec names the field but not its values. */
  status: string;
}

/** The status given to template shifts when none is named. */
export const TEMPLATE_SHIFT_STATUS = "active";

export type TemplateSource = Pick<ShiftEdit, "date" | "start" | "end" | "slots"> & {
  isDeleted?: boolean;
};

type CalendarDate = { year: number; month: number; day: number };

const DAY = 86_400_000;

function dateOf(value: string, field: string): CalendarDate {
  const date = parseDate(value);
  if (!date) throw new ShiftEditError(field, `"${value}" is not a date; use DD/MM/YYYY`);
  return date;
}

function hourOf(value: string, field: string): string {
  const time = normalizeTime(value);
  if (!time) throw new ShiftEditError(field, `"${value}" is not a time; use HH:mm`);
  return time;
}

const showDate = (d: CalendarDate) => normalizeDate(`${d.day}/${d.month}/${d.year}`)!;
const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / DAY;

/**
 * A template's shifts from the editor's shifts: deleted shifts and deleted slots left out,
 * numbered 1..n in date order.
 */
export function templateFromShifts(
  shifts: readonly TemplateSource[],
  status: string = TEMPLATE_SHIFT_STATUS,
): TemplateShift[] {
  return sortShifts(shifts.filter((s) => !s.isDeleted)).map((s, i) => ({
    id: i + 1,
    startDate: showDate(dateOf(s.date, "date")),
    startHour: hourOf(s.start, "start"),
    endHour: hourOf(s.end, "end"),
    skills: Object.values(s.slots)
      .filter((slot) => !slot.isDeleted)
      .map((slot) => ({ skill_id: slot.skillId, qty: slot.qty })),
    status,
  }));
}

/**
 * Removes the shift with that id; the ones numbered after it move down by one, so the ids
 * stay 1..n (spec §4). An id not in the list changes nothing.
 */
export function removeTemplateShift(shifts: readonly TemplateShift[], id: number): TemplateShift[] {
  if (!shifts.some((s) => s.id === id)) return [...shifts];
  return shifts.filter((s) => s.id !== id).map((s) => (s.id > id ? { ...s, id: s.id - 1 } : s));
}

export type TemplateShiftDetails = Pick<
  CreateShiftPayload,
  "pm" | "col" | "dresscodeID" | "dresscodeNotes" | "workerNotes" | "description"
>;

/**
 * Create-payload shifts for a new job from a template: the earliest shift moves to
 * `newStartDate` and every other keeps its distance from it in whole days, with the same
 * hours. A template stores no shift details, so they come from `details` (none by default).
 */
export function buildFromTemplate(
  shifts: readonly TemplateShift[],
  newStartDate: string,
  details: Partial<TemplateShiftDetails> = {},
): CreateShiftPayload[] {
  const target = dateOf(newStartDate, "startDate");
  const parsed = shifts.map((s) => {
    for (const skill of s.skills)
      if (!isValidQty(skill.qty))
        throw new ShiftEditError(
          `skills.${skill.skill_id}.qty`,
          `The quantity must be a whole number of at least 1; ${skill.qty} is not allowed`,
        );
    return {
      shift: s,
      day: dateOf(s.startDate, "startDate"),
      date: s.startDate,
      start: hourOf(s.startHour, "startHour"),
      end: hourOf(s.endHour, "endHour"),
    };
  });
  const sorted = sortShifts(parsed);
  if (sorted.length === 0) return [];
  const first = dayNumber(sorted[0].day);
  return sorted.map(({ shift, day, start, end }) => ({
    startDate: showDate(addDays(target, dayNumber(day) - first)),
    start,
    endHour: end,
    slots: shift.skills.map((skill) => ({ skill_id: skill.skill_id, qty: skill.qty })),
    pm: details.pm ?? null,
    col: details.col ?? null,
    dresscodeID: details.dresscodeID ?? null,
    dresscodeNotes: details.dresscodeNotes ?? "",
    workerNotes: details.workerNotes ?? "",
    description: details.description ?? "",
  }));
}

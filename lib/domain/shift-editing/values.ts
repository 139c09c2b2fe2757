/**
 * Values of the shift editor: dates, times and durations read and shown in the spec §9
 * formats, the overnight rule, slots. Shared by the editor operations and the payloads.
 */
import { formatDate, formatTime, minutesToHours, parseDate, parseTime } from "../format";
import { fromLocal, shiftInstants } from "../time";
import {
  ShiftEditError,
  type NewShiftId,
  type ShiftEdit,
  type ShiftEditorState,
  type ShiftId,
  type SlotEdit,
  type SlotInput,
} from "./model";

export const MINUTE = 60_000;
export const MAX_MINUTES = 24 * 60;
export const DEFAULT_ZONE = "UTC";

export type CalendarDate = { year: number; month: number; day: number };
export type ClockTime = { hour: number; minute: number };

/** More than 0 and at most 24 hours, at least one whole minute. */
export function isValidDuration(hours: unknown): hours is number {
  return (
    typeof hours === "number" &&
    Number.isFinite(hours) &&
    hours > 0 &&
    hours <= 24 &&
    Math.round(hours * 60) >= 1
  );
}

/** A slot's quantity (positions): a whole number of at least 1. */
export function isValidQty(qty: unknown): qty is number {
  return typeof qty === "number" && Number.isSafeInteger(qty) && qty >= 1;
}

export const isNewShiftId = (id: ShiftId): id is NewShiftId => typeof id === "string";

export function dateOf(value: string, field: string): CalendarDate {
  const date = parseDate(value);
  if (!date) throw new ShiftEditError(field, `"${value}" is not a date; use DD/MM/YYYY`);
  return date;
}

export function timeOf(value: string, field: string): ClockTime {
  const time = parseTime(value);
  if (!time) throw new ShiftEditError(field, `"${value}" is not a time; use HH:mm`);
  return time;
}

export function minutesOf(hours: number): number {
  if (!isValidDuration(hours))
    throw new ShiftEditError(
      "duration",
      `A shift lasts more than 0 and at most 24 hours; ${hours} is not allowed`,
    );
  return Math.round(hours * 60);
}

// Canonical DD/MM/YYYY and HH:mm through the one formatter (DESIGN.md §4).
export const showDate = (d: CalendarDate) =>
  formatDate(new Date(Date.UTC(d.year, d.month - 1, d.day)), "UTC");
export const showTime = (t: ClockTime) =>
  formatTime(new Date(Date.UTC(2000, 0, 1, t.hour, t.minute)), "UTC");

/** "1/2/2026" → "01/02/2026"; null when it is not a calendar date. */
export function normalizeDate(value: string): string | null {
  const date = parseDate(value);
  return date ? showDate(date) : null;
}

/** "9:00" → "09:00"; null when it is not a time of day. */
export function normalizeTime(value: string): string | null {
  const time = parseTime(value);
  return time ? showTime(time) : null;
}

export const zoneOf = (state: ShiftEditorState) => state.timeZone ?? DEFAULT_ZONE;

/** Real minutes from the start until the clock next shows `end` (spec §4 overnight hours). */
export function minutesUntil(
  date: CalendarDate,
  start: ClockTime,
  end: ClockTime,
  timeZone: string,
) {
  const instants = shiftInstants(date, start, end, timeZone);
  const minutes = Math.round((instants.end.getTime() - instants.start.getTime()) / MINUTE);
  if (minutes < 1 || minutes > MAX_MINUTES)
    throw new ShiftEditError(
      "end",
      `${showTime(start)} to ${showTime(end)} on ${showDate(date)} is ${minutesToHours(minutes)} hours; a shift lasts more than 0 and at most 24 hours`,
    );
  return minutes;
}

/** The shift's date, start, end and duration from a start and a length in real minutes. */
export function timed(date: CalendarDate, start: ClockTime, minutes: number, timeZone: string) {
  const begin = fromLocal({ ...date, ...start }, timeZone);
  return {
    date: showDate(date),
    start: showTime(start),
    end: formatTime(new Date(begin.getTime() + minutes * MINUTE), timeZone),
    duration: minutesToHours(minutes),
  };
}

export function newSlot(input: SlotInput): SlotEdit {
  if (!isValidQty(input.qty))
    throw new ShiftEditError(
      `slots.${input.skillId}.qty`,
      `The quantity must be a whole number of at least 1; ${input.qty} is not allowed`,
    );
  return {
    skillId: input.skillId,
    skillName: input.skillName,
    qty: input.qty,
    shiftSlotId: null,
    isDeleted: false,
  };
}

export const activeSlots = (shift: Pick<ShiftEdit, "slots">) =>
  Object.values(shift.slots).filter((slot) => !slot.isDeleted);

const dateKey = (value: string) => {
  const d = parseDate(value);
  return d ? d.year * 10_000 + d.month * 100 + d.day : Number.POSITIVE_INFINITY;
};
const timeKey = (value: string) => {
  const t = parseTime(value);
  return t ? t.hour * 60 + t.minute : Number.POSITIVE_INFINITY;
};
const order = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** By date, then start; stable; unreadable dates and times last. Returns a new array. */
export function sortShifts<T extends { date: string; start: string }>(shifts: readonly T[]): T[] {
  return [...shifts].sort(
    (a, b) => order(dateKey(a.date), dateKey(b.date)) || order(timeKey(a.start), timeKey(b.start)),
  );
}

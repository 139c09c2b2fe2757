/**
 * The shift editing model of the job create and edit screens (spec §2 "Edit job", §3 Shift,
 * §4 "Shift editing"), used by the client forms and by the server's edit verb. Pure: no I/O,
 * no clock, never mutates its input.
 *
 * Time model (the spec is silent on clock changes, so it is decided here):
 * - `date` and `start` are the wall clock in the job's zone; `duration` is the real time
 *   worked, in hours; `end` is always the wall clock at start + duration.
 * - Only setShiftEnd changes the duration: it becomes the real time until the clock next
 *   shows `end` (at or before the start means the next day). Changing the date or the start,
 *   and copying, keep the duration. So on the night the clocks go forward, 22:00–06:00 is
 *   7 h, which is what the crew really works and is paid for.
 * - The zone is the editor state's `timeZone` (the job's country); without one, UTC, i.e.
 *   plain wall-clock arithmetic.
 *
 * Invalid input: every updater throws a ShiftEditError (a RangeError naming the field) for a
 * date that is not a calendar date, a time that is not HH:mm, a duration outside (0, 24] h or
 * NaN, a quantity that is not a whole number ≥ 1, or an unknown shift or slot. Nothing invalid
 * gets into the state through an updater, so a form should check its input first
 * (parseDate, parseTime, isValidDuration, isValidQty) or catch the error and show it on the
 * field. validateShifts reports the same problems for shifts built some other way (a
 * submitted payload) and the one a form cannot prevent: a shift with no skill slot.
 */
import {
  formatDate,
  formatDateTime,
  formatTime,
  minutesToHours,
  parseDate,
  parseTime,
} from "./format";
import { fromLocal, shiftInstants } from "./time";

export type NewShiftId = `new_${number}`;
export type ShiftId = number | NewShiftId;

export interface SlotEdit {
  skillId: number;
  skillName: string;
  qty: number;
  /** The stored shift slot; null for a slot added in this edit. */
  shiftSlotId: number | null;
  isDeleted: boolean;
}

export interface ShiftEdit {
  id: ShiftId;
  /** DD/MM/YYYY */
  date: string;
  /** HH:mm */
  start: string;
  /** HH:mm, the wall clock at start + duration (may be the next day). */
  end: string;
  /** Real hours worked, in (0, 24]. */
  duration: number;
  projectManagerId: number | null;
  contactOnLocationId: number | null;
  dresscodeId: number | null;
  dresscodeNotes: string;
  notesForWorkers: string;
  description: string;
  /** Keyed by skill id (so listed in skill id order). */
  slots: Record<number, SlotEdit>;
  isDeleted: boolean;
  isEdited: boolean;
}

export interface ShiftEditorState {
  /** Always sorted by date, then start. */
  shifts: ShiftEdit[];
  /** n of the next `new_{n}` id. */
  nextNewId: number;
  /** IANA zone of the job's country; UTC when absent. */
  timeZone?: string;
}

export type ShiftDetails = Pick<
  ShiftEdit,
  | "projectManagerId"
  | "contactOnLocationId"
  | "dresscodeId"
  | "dresscodeNotes"
  | "notesForWorkers"
  | "description"
>;

export interface SlotInput {
  skillId: number;
  skillName: string;
  qty: number;
}

export interface NewShiftInput extends Partial<ShiftDetails> {
  date: string;
  start: string;
  /** Either end or duration; when both are given the duration decides. */
  end?: string;
  duration?: number;
  slots?: readonly SlotInput[];
}

export interface StoredShift extends Partial<
  Record<"projectManagerId" | "contactOnLocationId" | "dresscodeId", number | null>
> {
  id: number;
  start: Date;
  end: Date;
  dresscodeNotes?: string | null;
  notesForWorkers?: string | null;
  description?: string | null;
  slots: readonly { id: number; skillId: number; skillName: string; positions: number }[];
}

export interface ShiftValidationError {
  /** Position in the list given to validateShifts. */
  index: number;
  shiftId: ShiftId;
  /** "date", "start", "end", "duration", "slots" or "slots.{skillId}.qty". */
  field: string;
  message: string;
}

/** Spec §3 edit payload, one shift. */
export interface ShiftEditPayload {
  id: ShiftId;
  /** DD/MM/YYYY HH:mm */
  start: string;
  /** DD/MM/YYYY HH:mm, the next day's date for an overnight shift. */
  end: string;
  isDeleted: boolean;
  isEdited: boolean;
  duration: number;
  project_manager_id: number | null;
  contact_on_location_id: number | null;
  dresscode_id: number | null;
  dresscode_notes: string;
  notes_for_workers: string;
  description: string;
  shift_slots: { id: number | null; skill_id: number; positions: number; isDeleted: boolean }[];
}

/** Spec §3 create payload, one shift. */
export interface CreateShiftPayload {
  startDate: string;
  start: string;
  endHour: string;
  slots: { skill_id: number; qty: number }[];
  pm: number | null;
  col: number | null;
  dresscodeID: number | null;
  dresscodeNotes: string;
  workerNotes: string;
  description: string;
}

export class ShiftEditError extends RangeError {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ShiftEditError";
    this.field = field;
  }
}

const MINUTE = 60_000;
const MAX_MINUTES = 24 * 60;
const DEFAULT_ZONE = "UTC";

type CalendarDate = { year: number; month: number; day: number };
type ClockTime = { hour: number; minute: number };

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

function dateOf(value: string, field: string): CalendarDate {
  const date = parseDate(value);
  if (!date) throw new ShiftEditError(field, `"${value}" is not a date; use DD/MM/YYYY`);
  return date;
}

function timeOf(value: string, field: string): ClockTime {
  const time = parseTime(value);
  if (!time) throw new ShiftEditError(field, `"${value}" is not a time; use HH:mm`);
  return time;
}

function minutesOf(hours: number): number {
  if (!isValidDuration(hours))
    throw new ShiftEditError(
      "duration",
      `A shift lasts more than 0 and at most 24 hours; ${hours} is not allowed`,
    );
  return Math.round(hours * 60);
}

// Canonical DD/MM/YYYY and HH:mm through the one formatter (DESIGN.md §4).
const showDate = (d: CalendarDate) =>
  formatDate(new Date(Date.UTC(d.year, d.month - 1, d.day)), "UTC");
const showTime = (t: ClockTime) =>
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

const zoneOf = (state: ShiftEditorState) => state.timeZone ?? DEFAULT_ZONE;

/** Real minutes from the start until the clock next shows `end` (spec §4 overnight hours). */
function minutesUntil(date: CalendarDate, start: ClockTime, end: ClockTime, timeZone: string) {
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
function timed(date: CalendarDate, start: ClockTime, minutes: number, timeZone: string) {
  const begin = fromLocal({ ...date, ...start }, timeZone);
  return {
    date: showDate(date),
    start: showTime(start),
    end: formatTime(new Date(begin.getTime() + minutes * MINUTE), timeZone),
    duration: minutesToHours(minutes),
  };
}

function newSlot(input: SlotInput): SlotEdit {
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

const activeSlots = (shift: Pick<ShiftEdit, "slots">) =>
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

/** An editor state with the shifts sorted and a `new_` counter past every `new_` id present. */
export function createEditorState(
  shifts: readonly ShiftEdit[] = [],
  timeZone?: string,
): ShiftEditorState {
  const state: ShiftEditorState = { shifts: sortShifts(shifts), nextNewId: 1 };
  if (timeZone) state.timeZone = timeZone;
  return { ...state, nextNewId: allocateNewId(state) };
}

// Never below an id already in the state, so a `new_` id cannot repeat even in a state
// assembled by hand.
function allocateNewId(state: ShiftEditorState): number {
  const used = state.shifts
    .map((s) => (isNewShiftId(s.id) ? Number(s.id.slice(4)) : 0))
    .filter(Number.isFinite);
  return Math.max(state.nextNewId, 1, ...used.map((n) => n + 1));
}

/** The edit form of a stored shift in the job's zone; the duration is the real length. */
export function shiftFromStored(stored: StoredShift, timeZone: string): ShiftEdit {
  const slots: Record<number, SlotEdit> = {};
  for (const slot of stored.slots)
    slots[slot.skillId] = {
      skillId: slot.skillId,
      skillName: slot.skillName,
      qty: slot.positions,
      shiftSlotId: slot.id,
      isDeleted: false,
    };
  const minutes = Math.round((stored.end.getTime() - stored.start.getTime()) / MINUTE);
  return {
    id: stored.id,
    date: formatDate(stored.start, timeZone),
    start: formatTime(stored.start, timeZone),
    end: formatTime(stored.end, timeZone),
    duration: minutesToHours(minutes),
    projectManagerId: stored.projectManagerId ?? null,
    contactOnLocationId: stored.contactOnLocationId ?? null,
    dresscodeId: stored.dresscodeId ?? null,
    dresscodeNotes: stored.dresscodeNotes ?? "",
    notesForWorkers: stored.notesForWorkers ?? "",
    description: stored.description ?? "",
    slots,
    isDeleted: false,
    isEdited: false,
  };
}

function indexOf(state: ShiftEditorState, id: ShiftId): number {
  const index = state.shifts.findIndex((s) => s.id === id);
  if (index < 0) throw new ShiftEditError("id", `There is no shift ${id}`);
  return index;
}

const SCALAR_FIELDS = [
  "id",
  "date",
  "start",
  "end",
  "duration",
  "projectManagerId",
  "contactOnLocationId",
  "dresscodeId",
  "dresscodeNotes",
  "notesForWorkers",
  "description",
  "isDeleted",
  "isEdited",
] as const;
const SLOT_FIELDS = ["skillId", "skillName", "qty", "shiftSlotId", "isDeleted"] as const;

function sameShift(a: ShiftEdit, b: ShiftEdit): boolean {
  if (SCALAR_FIELDS.some((f) => !Object.is(a[f], b[f]))) return false;
  const keys = Object.keys(a.slots);
  if (keys.length !== Object.keys(b.slots).length) return false;
  return keys.every((k) => {
    const x = a.slots[Number(k)];
    const y = b.slots[Number(k)];
    return y !== undefined && SLOT_FIELDS.every((f) => Object.is(x[f], y[f]));
  });
}

/**
 * Applies a change to one shift. A real change marks it edited (spec §4) and re-sorts; no
 * change gives back the same state object.
 */
function updateShift(
  state: ShiftEditorState,
  id: ShiftId,
  change: (shift: ShiftEdit) => ShiftEdit,
): ShiftEditorState {
  const index = indexOf(state, id);
  const before = state.shifts[index];
  const after = change(before);
  if (sameShift(before, after)) return state;
  const shifts = [...state.shifts];
  shifts[index] = { ...after, isEdited: true };
  return { ...state, shifts: sortShifts(shifts) };
}

/** Adds a shift with id `new_{n}`, in date order. */
export function addShift(state: ShiftEditorState, input: NewShiftInput): ShiftEditorState {
  const timeZone = zoneOf(state);
  const date = dateOf(input.date, "date");
  const start = timeOf(input.start, "start");
  let minutes: number;
  if (input.duration !== undefined) minutes = minutesOf(input.duration);
  else if (input.end !== undefined)
    minutes = minutesUntil(date, start, timeOf(input.end, "end"), timeZone);
  else throw new ShiftEditError("end", "A new shift needs an end or a duration");
  const slots: Record<number, SlotEdit> = {};
  for (const slot of input.slots ?? []) slots[slot.skillId] = newSlot(slot);
  const n = allocateNewId(state);
  const shift: ShiftEdit = {
    id: `new_${n}`,
    ...timed(date, start, minutes, timeZone),
    projectManagerId: input.projectManagerId ?? null,
    contactOnLocationId: input.contactOnLocationId ?? null,
    dresscodeId: input.dresscodeId ?? null,
    dresscodeNotes: input.dresscodeNotes ?? "",
    notesForWorkers: input.notesForWorkers ?? "",
    description: input.description ?? "",
    slots,
    isDeleted: false,
    isEdited: false,
  };
  return { ...state, shifts: sortShifts([...state.shifts, shift]), nextNewId: n + 1 };
}

/** Flags a shift deleted, or removes the flag; nothing else changes, so it is not an edit. */
export function toggleShiftDeleted(state: ShiftEditorState, id: ShiftId): ShiftEditorState {
  const index = indexOf(state, id);
  const shifts = [...state.shifts];
  shifts[index] = { ...shifts[index], isDeleted: !shifts[index].isDeleted };
  return { ...state, shifts };
}

/** Moves the shift to another date; the start and the duration stay. */
export function setShiftDate(state: ShiftEditorState, id: ShiftId, date: string): ShiftEditorState {
  const day = dateOf(date, "date");
  return updateShift(state, id, (s) => ({
    ...s,
    ...timed(day, timeOf(s.start, "start"), minutesOf(s.duration), zoneOf(state)),
  }));
}

/** Changes the start; the duration stays and the end follows. */
export function setShiftStart(
  state: ShiftEditorState,
  id: ShiftId,
  start: string,
): ShiftEditorState {
  const time = timeOf(start, "start");
  return updateShift(state, id, (s) => ({
    ...s,
    ...timed(dateOf(s.date, "date"), time, minutesOf(s.duration), zoneOf(state)),
  }));
}

/**
 * Changes the end; the duration becomes the real time until then. An end at or before the
 * start is on the next day (22:00 → 04:00 is 6 h, 08:00 → 08:00 is 24 h). Throws when that
 * is over 24 h, which only happens on the night the clocks go back.
 */
export function setShiftEnd(state: ShiftEditorState, id: ShiftId, end: string): ShiftEditorState {
  const time = timeOf(end, "end");
  return updateShift(state, id, (s) => {
    const date = dateOf(s.date, "date");
    const start = timeOf(s.start, "start");
    const timeZone = zoneOf(state);
    return { ...s, ...timed(date, start, minutesUntil(date, start, time, timeZone), timeZone) };
  });
}

/** Changes the duration (hours, > 0 and ≤ 24, rounded to the minute); the end follows. */
export function setShiftDuration(
  state: ShiftEditorState,
  id: ShiftId,
  hours: number,
): ShiftEditorState {
  const minutes = minutesOf(hours);
  return updateShift(state, id, (s) => ({
    ...s,
    ...timed(dateOf(s.date, "date"), timeOf(s.start, "start"), minutes, zoneOf(state)),
  }));
}

/** Project manager, contact on location, dress code and the three notes. */
export function setShiftDetails(
  state: ShiftEditorState,
  id: ShiftId,
  details: Partial<ShiftDetails>,
): ShiftEditorState {
  return updateShift(state, id, (s) => ({
    ...s,
    projectManagerId:
      details.projectManagerId !== undefined ? details.projectManagerId : s.projectManagerId,
    contactOnLocationId:
      details.contactOnLocationId !== undefined
        ? details.contactOnLocationId
        : s.contactOnLocationId,
    dresscodeId: details.dresscodeId !== undefined ? details.dresscodeId : s.dresscodeId,
    dresscodeNotes: details.dresscodeNotes ?? s.dresscodeNotes,
    notesForWorkers: details.notesForWorkers ?? s.notesForWorkers,
    description: details.description ?? s.description,
  }));
}

/**
 * Sets the quantity of a skill on a shift (spec §4): an existing slot of that skill gets the
 * new quantity (and is revived if it was flagged deleted, keeping its stored id); otherwise a
 * new slot is added.
 */
export function setSlot(
  state: ShiftEditorState,
  shiftId: ShiftId,
  input: SlotInput,
): ShiftEditorState {
  const added = newSlot(input);
  return updateShift(state, shiftId, (s) => {
    const existing = s.slots[input.skillId];
    const slot = existing
      ? { ...existing, skillName: input.skillName, qty: input.qty, isDeleted: false }
      : added;
    return { ...s, slots: { ...s.slots, [input.skillId]: slot } };
  });
}

/** Flags a slot deleted, or removes the flag; either is a change to the shift's slots. */
export function toggleSlotDeleted(
  state: ShiftEditorState,
  shiftId: ShiftId,
  skillId: number,
): ShiftEditorState {
  return updateShift(state, shiftId, (s) => {
    const slot = s.slots[skillId];
    if (!slot)
      throw new ShiftEditError(
        `slots.${skillId}`,
        `Shift ${s.id} has no slot for skill ${skillId}`,
      );
    return { ...s, slots: { ...s.slots, [skillId]: { ...slot, isDeleted: !slot.isDeleted } } };
  });
}

/**
 * New shifts on other dates with the same start, duration, details and live slots (as new
 * slots). Dates that are not calendar dates are skipped, a date given twice is copied once.
 */
export function copyShiftToDates(
  state: ShiftEditorState,
  id: ShiftId,
  dates: readonly string[],
): ShiftEditorState {
  const source = state.shifts[indexOf(state, id)];
  const timeZone = zoneOf(state);
  const start = timeOf(source.start, "start");
  const minutes = minutesOf(source.duration);
  const slots: Record<number, SlotEdit> = {};
  for (const slot of activeSlots(source)) slots[slot.skillId] = newSlot(slot);
  const days = new Map<string, CalendarDate>();
  for (const value of dates) {
    const day = parseDate(value);
    if (day) days.set(showDate(day), day);
  }
  if (days.size === 0) return state;
  let n = allocateNewId(state);
  const copies: ShiftEdit[] = [...days.values()].map((day) => ({
    ...source,
    id: `new_${n++}`,
    ...timed(day, start, minutes, timeZone),
    slots: { ...slots },
    isDeleted: false,
    isEdited: false,
  }));
  return { ...state, shifts: sortShifts([...state.shifts, ...copies]), nextNewId: n };
}

/**
 * What is wrong with each live (not deleted) shift, with its index in `shifts`. Deleted
 * shifts and deleted slots are not checked: they are not saved.
 */
export function validateShifts(shifts: readonly ShiftEdit[]): ShiftValidationError[] {
  const errors: ShiftValidationError[] = [];
  shifts.forEach((shift, index) => {
    if (shift.isDeleted) return;
    const add = (field: string, message: string) =>
      errors.push({ index, shiftId: shift.id, field, message });
    if (!parseDate(shift.date)) add("date", "Enter the date as DD/MM/YYYY");
    if (!parseTime(shift.start)) add("start", "Enter the start time as HH:mm");
    if (!parseTime(shift.end)) add("end", "Enter the end time as HH:mm");
    if (!isValidDuration(shift.duration))
      add("duration", "The duration must be more than 0 and at most 24 hours");
    const slots = activeSlots(shift);
    if (slots.length === 0) add("slots", "Add at least one skill slot");
    for (const slot of slots)
      if (!isValidQty(slot.qty))
        add(`slots.${slot.skillId}.qty`, "The quantity must be a whole number of at least 1");
  });
  return errors;
}

/** The real start and end: the start in the zone, the end `duration` hours later. */
export function shiftInterval(
  shift: Pick<ShiftEdit, "date" | "start" | "duration">,
  timeZone: string,
): { start: Date; end: Date } {
  const start = fromLocal(
    { ...dateOf(shift.date, "date"), ...timeOf(shift.start, "start") },
    timeZone,
  );
  return { start, end: new Date(start.getTime() + minutesOf(shift.duration) * MINUTE) };
}

/**
 * The shifts of the spec §3 edit payload. A deleted new shift is left out (there is nothing to
 * delete), and so is a deleted new slot. Throws on a shift validateShifts would reject.
 * The end string is the local time at start + duration; a reader should take the end from
 * start + duration, since in the hour the clocks go back a local time happens twice.
 */
export function toEditPayload(state: ShiftEditorState): ShiftEditPayload[] {
  const timeZone = zoneOf(state);
  return state.shifts
    .filter((s) => !(s.isDeleted && isNewShiftId(s.id)))
    .map((s) => {
      const { start, end } = shiftInterval(s, timeZone);
      return {
        id: s.id,
        start: formatDateTime(start, timeZone),
        end: formatDateTime(end, timeZone),
        isDeleted: s.isDeleted,
        isEdited: s.isEdited,
        duration: minutesToHours(minutesOf(s.duration)),
        project_manager_id: s.projectManagerId,
        contact_on_location_id: s.contactOnLocationId,
        dresscode_id: s.dresscodeId,
        dresscode_notes: s.dresscodeNotes,
        notes_for_workers: s.notesForWorkers,
        description: s.description,
        shift_slots: Object.values(s.slots)
          .filter((slot) => !(slot.isDeleted && slot.shiftSlotId === null))
          .map((slot) => ({
            id: slot.shiftSlotId,
            skill_id: slot.skillId,
            positions: slot.qty,
            isDeleted: slot.isDeleted,
          })),
      };
    });
}

/** One shift of the spec §3 create payload; deleted slots are left out. */
export function toCreatePayload(shift: ShiftEdit): CreateShiftPayload {
  return {
    startDate: showDate(dateOf(shift.date, "date")),
    start: showTime(timeOf(shift.start, "start")),
    endHour: showTime(timeOf(shift.end, "end")),
    slots: activeSlots(shift).map((slot) => ({ skill_id: slot.skillId, qty: slot.qty })),
    pm: shift.projectManagerId,
    col: shift.contactOnLocationId,
    dresscodeID: shift.dresscodeId,
    dresscodeNotes: shift.dresscodeNotes,
    workerNotes: shift.notesForWorkers,
    description: shift.description,
  };
}

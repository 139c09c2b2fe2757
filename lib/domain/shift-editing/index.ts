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
import { formatDate, formatTime, minutesToHours, parseDate } from "../format";
import { addDays } from "../time";
import type {
  NewShiftInput,
  ShiftDetails,
  ShiftEdit,
  ShiftEditorState,
  ShiftId,
  SlotEdit,
  SlotInput,
  StoredShift,
} from "./model";
import { ShiftEditError } from "./model";
import {
  activeSlots,
  type CalendarDate,
  dateOf,
  isNewShiftId,
  MINUTE,
  minutesOf,
  minutesUntil,
  newSlot,
  showDate,
  sortShifts,
  timed,
  timeOf,
  zoneOf,
} from "./values";

export * from "./model";
export {
  isNewShiftId,
  isValidDuration,
  isValidQty,
  normalizeDate,
  normalizeTime,
  sortShifts,
} from "./values";
export * from "./payload";

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
 * What "Add shift" proposes: the date asked for, else the day after the last live shift,
 * else today (DD/MM/YYYY); the last live shift's start, duration and skills, else 08:00 for
 * 8 hours with no skills yet. The day after is counted on the calendar, not in hours, so a
 * DST change in between keeps the date.
 */
export function nextShiftInput(
  state: ShiftEditorState,
  opts: { date?: string; today: string },
): NewShiftInput {
  const live = state.shifts.filter((s) => !s.isDeleted);
  const last = live[live.length - 1];
  const lastDate = last ? parseDate(last.date) : null;
  const after = lastDate ? addDays(lastDate, 1) : null;
  const date =
    opts.date ||
    (after
      ? formatDate(new Date(Date.UTC(after.year, after.month - 1, after.day, 12)), "UTC")
      : opts.today);
  return {
    date,
    start: last?.start ?? "08:00",
    duration: last?.duration ?? 8,
    slots: last
      ? Object.values(last.slots)
          .filter((x) => !x.isDeleted)
          .map((x) => ({ skillId: x.skillId, skillName: x.skillName, qty: x.qty }))
      : [],
  };
}

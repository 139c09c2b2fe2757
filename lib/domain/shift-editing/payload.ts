/** What the editor sends: validation and the spec §3 edit and create payloads. */
import { formatDateTime, minutesToHours, parseDate, parseTime } from "../format";
import { fromLocal } from "../time";
import type {
  CreateShiftPayload,
  ShiftEdit,
  ShiftEditorState,
  ShiftEditPayload,
  ShiftValidationError,
} from "./model";
import {
  activeSlots,
  dateOf,
  isNewShiftId,
  isValidDuration,
  isValidQty,
  MINUTE,
  minutesOf,
  showDate,
  showTime,
  timeOf,
  zoneOf,
} from "./values";

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

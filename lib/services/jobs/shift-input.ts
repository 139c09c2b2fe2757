import { parseDate, parseTime } from "@/lib/domain/format";
import { shiftInstants, toLocal } from "@/lib/domain/time";
import { ValidationError, type FieldErrors } from "../errors";
import { fieldErrors } from "../validate";
import { createShiftInput, type CreateShiftInput } from "./schemas";

export const SHIFTS_INVALID = "Please enter valid shifts";

export interface PlannedShift extends CreateShiftInput {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The shifts of a create payload: at least one, each valid (spec §5: otherwise type
 * shifts_invalid, "Please enter valid shifts"), placed in the job's time zone, an end at or
 * before the start moving to the next day.
 */
export function planShifts(raw: unknown, timeZone: string): PlannedShift[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new ValidationError(SHIFTS_INVALID, { shifts: [SHIFTS_INVALID] }, "shifts_invalid");
  }
  if (raw.length > 366) {
    throw new ValidationError(
      "A job may have at most 366 shifts.",
      { shifts: ["A job may have at most 366 shifts."] },
      "shifts_invalid",
    );
  }
  const errors: FieldErrors = {};
  const planned: PlannedShift[] = [];
  raw.forEach((item, i) => {
    const r = createShiftInput.safeParse(item);
    if (!r.success) {
      for (const [k, v] of Object.entries(fieldErrors(r.error))) errors[`shifts.${i}.${k}`] = v;
      return;
    }
    const skills = r.data.slots.map((s) => s.skill_id);
    if (new Set(skills).size !== skills.length) {
      errors[`shifts.${i}.slots`] = [
        "Each skill may appear once per shift; change its quantity instead.",
      ];
      return;
    }
    const { start, end } = shiftInstants(
      parseDate(r.data.startDate)!,
      parseTime(r.data.start)!,
      parseTime(r.data.endHour)!,
      timeZone,
    );
    planned.push({ ...r.data, startsAt: start, endsAt: end });
  });
  if (Object.keys(errors).length)
    throw new ValidationError(SHIFTS_INVALID, errors, "shifts_invalid");
  return planned.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Shifts that start on a day before today in the job's zone (spec §5 past-date rule). */
export function pastShiftIndexes(
  shifts: { startsAt: Date }[],
  now: Date,
  timeZone: string,
): number[] {
  const today = toLocal(now, timeZone);
  const key = (d: { year: number; month: number; day: number }) =>
    d.year * 10_000 + d.month * 100 + d.day;
  return shifts.flatMap((s, i) => (key(toLocal(s.startsAt, timeZone)) < key(today) ? [i] : []));
}

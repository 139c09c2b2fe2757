/**
 * A number typed into a form field, checked against the field's range. Out of range, the
 * field says why ("At most 24 hours") instead of silently keeping the old value.
 */
export interface NumberRange {
  min?: number;
  max?: number;
  /** Whole numbers only (positions, years). */
  integer?: boolean;
  /** What the number counts, singular and plural ("hour", "hours"), named in the messages. */
  unit?: readonly [one: string, other: string];
}

export const NUMBER_ENTRY_ERROR = "Enter a number";
export const WHOLE_NUMBER_ERROR = "Enter a whole number";

export type NumberEntry =
  | { ok: true; value: number }
  | { ok: false; message: string }
  /** Nothing typed (yet). */
  | { ok: null };

/** "24 hours", "1 position", "0.5 hours". */
export function countOf(n: number, unit?: NumberRange["unit"]): string {
  if (!unit) return String(n);
  return `${n} ${n === 1 ? unit[0] : unit[1]}`;
}

/** Reads what was typed (a decimal comma as a dot) and checks it against the range. */
export function readNumberEntry(text: string, range: NumberRange = {}): NumberEntry {
  const typed = text.trim().replace(",", ".");
  if (typed === "") return { ok: null };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(typed))
    return { ok: false, message: range.integer ? WHOLE_NUMBER_ERROR : NUMBER_ENTRY_ERROR };
  const value = Number(typed);
  if (range.integer && !Number.isInteger(value)) return { ok: false, message: WHOLE_NUMBER_ERROR };
  if (range.min !== undefined && value < range.min)
    return { ok: false, message: `At least ${countOf(range.min, range.unit)}` };
  if (range.max !== undefined && value > range.max)
    return { ok: false, message: `At most ${countOf(range.max, range.unit)}` };
  return { ok: true, value };
}

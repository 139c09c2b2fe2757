/** Shared setup and helpers of the shift-editing integration tests (split along their describe blocks). */
import { expect } from "vitest";
import {
  ShiftEditError,
  createEditorState,
  shiftFromStored,
  type ShiftEdit,
  type ShiftEditorState,
  type ShiftId,
} from "./shift-editing";

export const CPH = "Europe/Copenhagen";
export const HOUR = 3_600_000;

/** Inputs are frozen so that any mutation by an updater throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const RIGGER = { skillId: 11, skillName: "Rigger" };
export const STAGEHAND = { skillId: 10, skillName: "Stagehand" };
export const BARTENDER = { skillId: 20, skillName: "Bartender" };

/** A stored shift of job in Copenhagen, as the edit screen loads it. */
export function loaded(
  id: number,
  start: string,
  end: string,
  slots = [{ id: 100 + id, ...STAGEHAND, positions: 4 }],
) {
  return shiftFromStored(
    {
      id,
      start: new Date(start),
      end: new Date(end),
      projectManagerId: 3,
      contactOnLocationId: 4,
      dresscodeId: 2,
      dresscodeNotes: "Black",
      notesForWorkers: "Bring gloves",
      description: "Load-in",
      slots,
    },
    CPH,
  );
}

/** Two existing shifts on 15 and 16 January 2026 (CET, +01:00). */
export function editor(): ShiftEditorState {
  return deepFreeze(
    createEditorState(
      [
        loaded(2, "2026-01-16T07:00:00Z", "2026-01-16T15:00:00Z"),
        loaded(1, "2026-01-15T07:00:00Z", "2026-01-15T15:00:00Z", [
          { id: 101, ...STAGEHAND, positions: 4 },
          { id: 102, ...RIGGER, positions: 2 },
        ]),
      ],
      CPH,
    ),
  );
}

export const byId = (state: ShiftEditorState, id: ShiftId) => {
  const shift = state.shifts.find((s) => s.id === id);
  if (!shift) throw new Error(`no shift ${id}`);
  return shift;
};
export const ids = (state: ShiftEditorState) => state.shifts.map((s) => s.id);
export const times = (s: ShiftEdit) => [s.date, s.start, s.end, s.duration];

export function fieldOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ShiftEditError);
    expect(error).toBeInstanceOf(RangeError);
    return (error as ShiftEditError).field;
  }
  throw new Error("expected a ShiftEditError");
}

import { describe, expect, it } from "vitest";
import {
  addShift,
  copyShiftToDates,
  setShiftDate,
  setShiftDetails,
  setShiftDuration,
  setShiftEnd,
  setShiftStart,
  setSlot,
  toEditPayload,
  toggleSlotDeleted,
} from "./shift-editing";
import {
  BARTENDER,
  RIGGER,
  STAGEHAND,
  byId,
  deepFreeze,
  editor,
  fieldOf,
  ids,
  times,
} from "./shift-editing.test-support";

describe("setShiftDate", () => {
  it("moves the shift, keeps start and duration, marks it edited and re-sorts", () => {
    const state = setShiftDate(editor(), 1, "17/01/2026");
    expect(ids(state)).toEqual([2, 1]);
    expect(byId(state, 1)).toMatchObject({
      date: "17/01/2026",
      start: "08:00",
      end: "16:00",
      duration: 8,
      isEdited: true,
    });
    expect(byId(state, 2).isEdited).toBe(false);
  });

  it("gives back the same state when the date does not change", () => {
    const state = editor();
    expect(setShiftDate(state, 1, "15/1/2026")).toBe(state);
  });

  it("rejects a date that is not in the calendar", () => {
    expect(fieldOf(() => setShiftDate(editor(), 1, "30/02/2026"))).toBe("date");
    expect(fieldOf(() => setShiftDate(editor(), 1, ""))).toBe("date");
  });

  it("keeps the hours worked when moved onto the night the clocks go forward", () => {
    let state = addShift(editor(), { date: "20/03/2026", start: "22:00", end: "06:00" });
    state = setShiftDate(state, "new_1", "28/03/2026");
    expect(times(byId(state, "new_1"))).toEqual(["28/03/2026", "22:00", "07:00", 8]);
  });
});

describe("setShiftStart", () => {
  it("keeps the duration and moves the end", () => {
    const shift = byId(setShiftStart(editor(), 1, "10:00"), 1);
    expect(shift).toMatchObject({ start: "10:00", end: "18:00", duration: 8, isEdited: true });
  });

  it("accepts any HH:mm, not only the picker's half hours", () => {
    expect(times(byId(setShiftStart(editor(), 1, "09:15"), 1))).toEqual([
      "15/01/2026",
      "09:15",
      "17:15",
      8,
    ]);
  });

  it("rolls the end past midnight", () => {
    const state = setShiftStart(editor(), 1, "20:00");
    expect(byId(state, 1).end).toBe("04:00");
    expect(toEditPayload(state)[0]).toMatchObject({
      start: "15/01/2026 20:00",
      end: "16/01/2026 04:00",
    });
  });

  it("re-sorts shifts of the same day", () => {
    let state = addShift(editor(), { date: "15/01/2026", start: "12:00", duration: 2 });
    expect(ids(state)).toEqual([1, "new_1", 2]);
    state = setShiftStart(state, "new_1", "06:00");
    expect(ids(state)).toEqual(["new_1", 1, 2]);
  });

  it("rejects what is not HH:mm", () => {
    for (const bad of ["24:00", "9.00", "", "12:60"])
      expect(fieldOf(() => setShiftStart(editor(), 1, bad))).toBe("start");
  });
});

describe("setShiftEnd", () => {
  it("recomputes the duration", () => {
    const shift = byId(setShiftEnd(editor(), 1, "12:30"), 1);
    expect(shift).toMatchObject({ end: "12:30", duration: 4.5, isEdited: true });
  });

  it("takes an end before the start as the next day: 22:00 → 04:00 is 6 h", () => {
    let state = setShiftStart(editor(), 1, "22:00");
    state = setShiftEnd(state, 1, "04:00");
    expect(times(byId(state, 1))).toEqual(["15/01/2026", "22:00", "04:00", 6]);
  });

  it("takes an end equal to the start as 24 h, and a minute before as 23 h 59", () => {
    expect(byId(setShiftEnd(editor(), 1, "08:00"), 1).duration).toBe(24);
    expect(byId(setShiftEnd(editor(), 1, "07:59"), 1).duration).toBeCloseTo(23 + 59 / 60, 10);
  });

  it("counts the real hours on the nights the clocks change", () => {
    let state = addShift(editor(), { date: "28/03/2026", start: "22:00", end: "06:00" });
    expect(byId(state, "new_1").duration).toBe(7);
    state = addShift(state, { date: "24/10/2026", start: "22:00", duration: 1 });
    state = setShiftEnd(state, "new_2", "06:00");
    expect(times(byId(state, "new_2"))).toEqual(["24/10/2026", "22:00", "06:00", 9]);
  });

  it("shows an end in the spring-forward gap as the time it really is", () => {
    let state = addShift(editor(), { date: "29/03/2026", start: "01:00", duration: 1 });
    state = setShiftEnd(state, "new_1", "02:30");
    expect(times(byId(state, "new_1"))).toEqual(["29/03/2026", "01:00", "03:30", 1.5]);
  });

  it("rejects an end that would make the shift longer than 24 h (the night the clocks go back)", () => {
    const state = addShift(editor(), { date: "24/10/2026", start: "22:00", duration: 8 });
    expect(fieldOf(() => setShiftEnd(state, "new_1", "22:00"))).toBe("end");
    expect(() => setShiftEnd(state, "new_1", "21:30")).toThrow(/24\.5 hours/);
    expect(byId(setShiftEnd(state, "new_1", "21:00"), "new_1").duration).toBe(24);
  });

  it("rejects an end before a start that falls in the spring-forward gap", () => {
    // 02:30 does not exist on 29/03/2026 and becomes 03:30, so 03:00 would be before it.
    const state = addShift(editor(), { date: "29/03/2026", start: "02:30", duration: 2 });
    expect(byId(state, "new_1").end).toBe("05:30");
    expect(fieldOf(() => setShiftEnd(state, "new_1", "03:00"))).toBe("end");
  });

  it("rejects what is not HH:mm", () => {
    expect(fieldOf(() => setShiftEnd(editor(), 1, "4"))).toBe("end");
  });
});

describe("setShiftDuration", () => {
  it("recomputes the end from the start", () => {
    expect(times(byId(setShiftDuration(editor(), 1, 0.5), 1))).toEqual([
      "15/01/2026",
      "08:00",
      "08:30",
      0.5,
    ]);
    expect(times(byId(setShiftDuration(editor(), 1, 1.25), 1))).toEqual([
      "15/01/2026",
      "08:00",
      "09:15",
      1.25,
    ]);
  });

  it("allows 24 h, ending the next day at the start time", () => {
    const state = setShiftDuration(editor(), 1, 24);
    expect(byId(state, 1)).toMatchObject({ end: "08:00", duration: 24, isEdited: true });
    expect(toEditPayload(state)[0]).toMatchObject({
      start: "15/01/2026 08:00",
      end: "16/01/2026 08:00",
    });
  });

  it("rolls the end to the next day", () => {
    const state = setShiftDuration(setShiftStart(editor(), 1, "20:00"), 1, 6);
    expect(byId(state, 1).end).toBe("02:00");
  });

  it("rounds to the minute", () => {
    const shift = byId(setShiftDuration(editor(), 1, 1 / 3), 1);
    expect(shift.end).toBe("08:20");
    expect(shift.duration * 60).toBeCloseTo(20, 10);
  });

  it("throws for 0, negatives, more than 24, NaN and infinity, leaving the state as it was", () => {
    const state = editor();
    for (const bad of [0, -2, 24.5, 25, NaN, Infinity]) {
      expect(fieldOf(() => setShiftDuration(state, 1, bad))).toBe("duration");
      expect(() => setShiftDuration(state, 1, bad)).toThrow(/at most 24 hours/);
    }
    expect(byId(state, 1).duration).toBe(8);
  });

  it("keeps real hours across the spring-forward night: 8 h from 22:00 ends at 07:00", () => {
    const state = addShift(editor(), { date: "28/03/2026", start: "22:00", duration: 8 });
    expect(byId(state, "new_1").end).toBe("07:00");
  });

  it("gives back the same state for the same duration", () => {
    const state = editor();
    expect(setShiftDuration(state, 1, 8)).toBe(state);
  });
});

describe("setShiftDetails", () => {
  it("changes the given details only and marks the shift edited", () => {
    const shift = byId(
      setShiftDetails(editor(), 1, { projectManagerId: 8, notesForWorkers: "" }),
      1,
    );
    expect(shift).toMatchObject({
      projectManagerId: 8,
      notesForWorkers: "",
      contactOnLocationId: 4,
      dresscodeId: 2,
      dresscodeNotes: "Black",
      description: "Load-in",
      isEdited: true,
    });
  });

  it("clears a person or dress code with null", () => {
    const shift = byId(
      setShiftDetails(editor(), 1, { dresscodeId: null, contactOnLocationId: null }),
      1,
    );
    expect(shift).toMatchObject({
      dresscodeId: null,
      contactOnLocationId: null,
      projectManagerId: 3,
    });
  });

  it("is no edit when nothing changes", () => {
    const state = editor();
    expect(setShiftDetails(state, 1, {})).toBe(state);
    expect(setShiftDetails(state, 1, { description: "Load-in" })).toBe(state);
  });
});

describe("setSlot and toggleSlotDeleted", () => {
  it("replaces the quantity of a skill already on the shift, keeping its stored slot", () => {
    const shift = byId(setSlot(editor(), 1, { ...RIGGER, qty: 5 }), 1);
    expect(shift.slots[11]).toStrictEqual({
      ...RIGGER,
      qty: 5,
      shiftSlotId: 102,
      isDeleted: false,
    });
    expect(Object.keys(shift.slots)).toHaveLength(2);
    expect(shift.isEdited).toBe(true);
  });

  it("adds a slot for a new skill", () => {
    const shift = byId(setSlot(editor(), 1, { ...BARTENDER, qty: 3 }), 1);
    expect(shift.slots[20]).toStrictEqual({
      ...BARTENDER,
      qty: 3,
      shiftSlotId: null,
      isDeleted: false,
    });
    expect(Object.keys(shift.slots)).toHaveLength(3);
  });

  it("revives a slot flagged deleted, with the new quantity and its stored id", () => {
    const deleted = toggleSlotDeleted(editor(), 1, 11);
    expect(byId(deleted, 1).slots[11].isDeleted).toBe(true);
    const revived = byId(setSlot(deleted, 1, { ...RIGGER, qty: 1 }), 1).slots[11];
    expect(revived).toStrictEqual({ ...RIGGER, qty: 1, shiftSlotId: 102, isDeleted: false });
  });

  it("rejects quantities that are not whole numbers of at least 1", () => {
    for (const qty of [0, -1, 1.5, NaN])
      expect(fieldOf(() => setSlot(editor(), 1, { ...RIGGER, qty }))).toBe("slots.11.qty");
  });

  it("is no edit when the quantity is the same", () => {
    const state = editor();
    expect(setSlot(state, 1, { ...RIGGER, qty: 2 })).toBe(state);
  });

  it("flags a slot deleted and back, both marking the shift edited", () => {
    const state = toggleSlotDeleted(editor(), 1, 10);
    expect(byId(state, 1)).toMatchObject({ isEdited: true, slots: { 10: { isDeleted: true } } });
    expect(byId(toggleSlotDeleted(state, 1, 10), 1).slots[10].isDeleted).toBe(false);
    expect(fieldOf(() => toggleSlotDeleted(editor(), 1, 99))).toBe("slots.99");
  });
});

describe("copyShiftToDates", () => {
  it("adds new shifts with the same times, details and live slots, as new slots", () => {
    const source = deepFreeze(toggleSlotDeleted(editor(), 1, 11));
    const state = copyShiftToDates(source, 1, ["20/01/2026", "18/01/2026"]);
    expect(ids(state)).toEqual([1, 2, "new_2", "new_1"]);
    expect(state.nextNewId).toBe(3);
    const copy = byId(state, "new_1");
    expect(copy).toStrictEqual({
      ...byId(source, 1),
      id: "new_1",
      date: "20/01/2026",
      slots: { 10: { ...STAGEHAND, qty: 4, shiftSlotId: null, isDeleted: false } },
      isEdited: false,
    });
    expect(byId(state, 1)).toBe(byId(source, 1));
  });

  it("skips dates that are not dates and copies a date given twice once", () => {
    const state = copyShiftToDates(editor(), 1, ["31/02/2026", "soon", "1/2/2026", "01/02/2026"]);
    expect(ids(state)).toEqual([1, 2, "new_1"]);
    expect(byId(state, "new_1").date).toBe("01/02/2026");
  });

  it("changes nothing when no date is valid", () => {
    const state = editor();
    expect(copyShiftToDates(state, 1, ["", "32/01/2026"])).toBe(state);
  });

  it("copies an overnight shift across a month end with its next-day end", () => {
    let state = setShiftEnd(setShiftStart(editor(), 1, "22:00"), 1, "04:00");
    state = copyShiftToDates(state, 1, ["31/01/2026"]);
    expect(toEditPayload(state).find((s) => s.id === "new_1")).toMatchObject({
      start: "31/01/2026 22:00",
      end: "01/02/2026 04:00",
      duration: 6,
    });
  });

  it("keeps the hours worked on the night the clocks go forward", () => {
    let state = addShift(editor(), { date: "20/03/2026", start: "22:00", end: "06:00" });
    state = copyShiftToDates(state, "new_1", ["28/03/2026"]);
    expect(times(byId(state, "new_2"))).toEqual(["28/03/2026", "22:00", "07:00", 8]);
  });
});

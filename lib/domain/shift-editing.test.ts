import { describe, expect, it } from "vitest";
import {
  ShiftEditError,
  addShift,
  copyShiftToDates,
  createEditorState,
  isValidDuration,
  isValidQty,
  normalizeDate,
  normalizeTime,
  setShiftDate,
  setShiftDetails,
  setShiftDuration,
  setShiftEnd,
  setShiftStart,
  setSlot,
  shiftFromStored,
  shiftInterval,
  sortShifts,
  toCreatePayload,
  toEditPayload,
  toggleShiftDeleted,
  toggleSlotDeleted,
  validateShifts,
  type ShiftEdit,
  type ShiftEditorState,
  type ShiftId,
} from "./shift-editing";
import {
  FREQUENT_GROUP_ID,
  OTHER_GROUP_ID,
  groupSkillsByParent,
  withFrequentGroup,
  type SkillInput,
} from "./skill-groups";

const CPH = "Europe/Copenhagen";
const HOUR = 3_600_000;

/** Inputs are frozen so that any mutation by an updater throws (ES modules are strict). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const RIGGER = { skillId: 11, skillName: "Rigger" };
const STAGEHAND = { skillId: 10, skillName: "Stagehand" };
const BARTENDER = { skillId: 20, skillName: "Bartender" };

/** A stored shift of job in Copenhagen, as the edit screen loads it. */
function loaded(
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
function editor(): ShiftEditorState {
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

const byId = (state: ShiftEditorState, id: ShiftId) => {
  const shift = state.shifts.find((s) => s.id === id);
  if (!shift) throw new Error(`no shift ${id}`);
  return shift;
};
const ids = (state: ShiftEditorState) => state.shifts.map((s) => s.id);
const times = (s: ShiftEdit) => [s.date, s.start, s.end, s.duration];

function fieldOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ShiftEditError);
    expect(error).toBeInstanceOf(RangeError);
    return (error as ShiftEditError).field;
  }
  throw new Error("expected a ShiftEditError");
}

describe("isValidDuration and isValidQty", () => {
  it("accepts durations in (0, 24] hours, down to one minute", () => {
    for (const h of [0.5, 1 / 60, 8, 23.75, 24]) expect(isValidDuration(h)).toBe(true);
  });

  it("rejects 0, negatives, over 24 h, under a minute, NaN, infinities and strings", () => {
    for (const h of [0, -1, 24.01, 25, 0.001, NaN, Infinity, -Infinity, "8", null])
      expect(isValidDuration(h)).toBe(false);
  });

  it("accepts whole quantities of at least 1 only", () => {
    for (const q of [1, 40]) expect(isValidQty(q)).toBe(true);
    for (const q of [0, -1, 1.5, NaN, Infinity, 1e300, "2"]) expect(isValidQty(q)).toBe(false);
  });
});

describe("normalizeDate and normalizeTime", () => {
  it("write dates as DD/MM/YYYY and times as HH:mm", () => {
    expect(normalizeDate("1/2/2026")).toBe("01/02/2026");
    expect(normalizeDate("29/02/2028")).toBe("29/02/2028");
    expect(normalizeTime("9:05")).toBe("09:05");
    expect(normalizeTime("23:59")).toBe("23:59");
  });

  it("give null for what is not a date or a time", () => {
    expect(normalizeDate("29/02/2026")).toBeNull();
    expect(normalizeDate("2026-02-01")).toBeNull();
    expect(normalizeTime("24:00")).toBeNull();
    expect(normalizeTime("9.00")).toBeNull();
  });
});

describe("sortShifts", () => {
  const s = (date: string, start: string, tag: string) => ({ date, start, tag });

  it("orders by calendar date, then start, not by the text", () => {
    const sorted = sortShifts([
      s("02/01/2027", "08:00", "a"),
      s("31/12/2026", "22:00", "b"),
      s("31/12/2026", "06:00", "c"),
      s("10/12/2026", "23:00", "d"),
    ]);
    expect(sorted.map((x) => x.tag)).toEqual(["d", "c", "b", "a"]);
  });

  it("is stable for the same date and start, puts unreadable values last and leaves the input alone", () => {
    const input = deepFreeze([
      s("bad", "08:00", "x"),
      s("01/05/2026", "08:00", "first"),
      s("01/05/2026", "08:00", "second"),
      s("01/05/2026", "??", "y"),
    ]);
    expect(sortShifts(input).map((x) => x.tag)).toEqual(["first", "second", "y", "x"]);
    expect(input[0].tag).toBe("x");
  });
});

describe("createEditorState", () => {
  it("sorts the shifts and keeps the zone", () => {
    const state = editor();
    expect(ids(state)).toEqual([1, 2]);
    expect(state.timeZone).toBe(CPH);
    expect(state.nextNewId).toBe(1);
  });

  it("starts new ids past any new_ id already present", () => {
    const draft = addShift(
      addShift(editor(), { date: "20/01/2026", start: "08:00", duration: 1 }),
      {
        date: "21/01/2026",
        start: "08:00",
        duration: 1,
      },
    );
    expect(createEditorState(draft.shifts).nextNewId).toBe(3);
  });
});

describe("shiftFromStored", () => {
  it("gives the local date and times in the job's zone, the details and the slots by skill id", () => {
    const shift = loaded(1, "2026-01-15T07:00:00Z", "2026-01-15T15:30:00Z", [
      { id: 101, ...STAGEHAND, positions: 4 },
      { id: 102, ...RIGGER, positions: 2 },
    ]);
    expect(shift).toStrictEqual({
      id: 1,
      date: "15/01/2026",
      start: "08:00",
      end: "16:30",
      duration: 8.5,
      projectManagerId: 3,
      contactOnLocationId: 4,
      dresscodeId: 2,
      dresscodeNotes: "Black",
      notesForWorkers: "Bring gloves",
      description: "Load-in",
      slots: {
        10: { skillId: 10, skillName: "Stagehand", qty: 4, shiftSlotId: 101, isDeleted: false },
        11: { skillId: 11, skillName: "Rigger", qty: 2, shiftSlotId: 102, isDeleted: false },
      },
      isDeleted: false,
      isEdited: false,
    });
  });

  it("takes the date in the zone, not in UTC, and empty details as null and empty text", () => {
    const shift = shiftFromStored(
      {
        id: 9,
        start: new Date("2026-06-30T22:30:00Z"),
        end: new Date("2026-07-01T02:30:00Z"),
        dresscodeNotes: null,
        slots: [],
      },
      CPH,
    );
    expect(times(shift)).toEqual(["01/07/2026", "00:30", "04:30", 4]);
    expect(shift.projectManagerId).toBeNull();
    expect(shift.dresscodeNotes).toBe("");
  });

  it("shows an overnight shift on its start date with the next morning's end", () => {
    const shift = loaded(1, "2026-01-15T21:00:00Z", "2026-01-16T03:00:00Z");
    expect(times(shift)).toEqual(["15/01/2026", "22:00", "04:00", 6]);
  });

  it("keeps the real length of shifts across the clock changes", () => {
    // 28→29 March 2026: 22:00 CET to 06:00 CEST is 7 real hours.
    expect(times(loaded(1, "2026-03-28T21:00:00Z", "2026-03-29T04:00:00Z"))).toEqual([
      "28/03/2026",
      "22:00",
      "06:00",
      7,
    ]);
    // 24→25 October 2026: 22:00 CEST to 06:00 CET is 9 real hours.
    expect(times(loaded(1, "2026-10-24T20:00:00Z", "2026-10-25T05:00:00Z"))).toEqual([
      "24/10/2026",
      "22:00",
      "06:00",
      9,
    ]);
  });
});

describe("addShift", () => {
  it("gives new_1, new_2, … and counts on", () => {
    let state = addShift(editor(), { date: "20/01/2026", start: "08:00", end: "16:00" });
    state = addShift(state, { date: "21/01/2026", start: "08:00", end: "16:00" });
    expect(ids(state)).toEqual([1, 2, "new_1", "new_2"]);
    expect(state.nextNewId).toBe(3);
    expect(byId(state, "new_1")).toMatchObject({ isDeleted: false, isEdited: false });
  });

  it("never repeats a new_ id, also after deleting and in a state whose counter is behind", () => {
    let state = addShift(editor(), { date: "20/01/2026", start: "08:00", duration: 8 });
    state = addShift(state, { date: "21/01/2026", start: "08:00", duration: 8 });
    state = toggleShiftDeleted(state, "new_2");
    state = addShift(state, { date: "22/01/2026", start: "08:00", duration: 8 });
    expect(ids(state)).toEqual([1, 2, "new_1", "new_2", "new_3"]);
    const stale = addShift(
      { ...state, nextNewId: 1 },
      { date: "23/01/2026", start: "08:00", duration: 8 },
    );
    expect(ids(stale).at(-1)).toBe("new_4");
    expect(new Set(ids(stale)).size).toBe(ids(stale).length);
  });

  it("inserts in date and start order; same date and start goes after the existing one", () => {
    let state = addShift(editor(), { date: "14/01/2026", start: "20:00", duration: 4 });
    state = addShift(state, { date: "16/01/2026", start: "06:00", duration: 4 });
    state = addShift(state, { date: "15/01/2026", start: "08:00", duration: 4 });
    expect(ids(state)).toEqual(["new_1", 1, "new_3", "new_2", 2]);
  });

  it("computes the duration from the end, overnight when the end is not after the start", () => {
    const state = addShift(editor(), { date: "20/01/2026", start: "22:00", end: "04:00" });
    expect(times(byId(state, "new_1"))).toEqual(["20/01/2026", "22:00", "04:00", 6]);
  });

  it("computes the end from the duration, which decides when both are given", () => {
    const state = addShift(editor(), {
      date: "20/01/2026",
      start: "08:00",
      end: "09:00",
      duration: 10.5,
    });
    expect(times(byId(state, "new_1"))).toEqual(["20/01/2026", "08:00", "18:30", 10.5]);
  });

  it("writes dates and times in the canonical form", () => {
    const state = addShift(editor(), { date: "1/2/2026", start: "8:00", end: "9:15" });
    expect(times(byId(state, "new_1"))).toEqual(["01/02/2026", "08:00", "09:15", 1.25]);
  });

  it("takes details and slots, the slots as new ones", () => {
    const state = addShift(editor(), {
      date: "20/01/2026",
      start: "08:00",
      duration: 8,
      projectManagerId: 7,
      description: "Show day",
      slots: [
        { ...RIGGER, qty: 2 },
        { ...BARTENDER, qty: 3 },
      ],
    });
    const shift = byId(state, "new_1");
    expect(shift).toMatchObject({
      projectManagerId: 7,
      contactOnLocationId: null,
      dresscodeId: null,
      description: "Show day",
      notesForWorkers: "",
    });
    expect(shift.slots).toStrictEqual({
      11: { ...RIGGER, qty: 2, shiftSlotId: null, isDeleted: false },
      20: { ...BARTENDER, qty: 3, shiftSlotId: null, isDeleted: false },
    });
  });

  it("rejects a bad date, time, duration or quantity, naming the field", () => {
    const state = editor();
    expect(
      fieldOf(() => addShift(state, { date: "31/02/2026", start: "08:00", duration: 8 })),
    ).toBe("date");
    expect(fieldOf(() => addShift(state, { date: "20/01/2026", start: "8am", duration: 8 }))).toBe(
      "start",
    );
    expect(
      fieldOf(() => addShift(state, { date: "20/01/2026", start: "08:00", end: "25:00" })),
    ).toBe("end");
    expect(fieldOf(() => addShift(state, { date: "20/01/2026", start: "08:00" }))).toBe("end");
    expect(
      fieldOf(() => addShift(state, { date: "20/01/2026", start: "08:00", duration: 0 })),
    ).toBe("duration");
    expect(
      fieldOf(() =>
        addShift(state, {
          date: "20/01/2026",
          start: "08:00",
          duration: 8,
          slots: [{ ...RIGGER, qty: 0 }],
        }),
      ),
    ).toBe("slots.11.qty");
  });
});

describe("toggleShiftDeleted", () => {
  it("flags a shift deleted without calling it edited, and undo gives the shift back unchanged", () => {
    const before = editor();
    const deleted = toggleShiftDeleted(before, 1);
    expect(byId(deleted, 1)).toMatchObject({ isDeleted: true, isEdited: false });
    expect(byId(deleted, 2)).toBe(byId(before, 2));
    expect(toggleShiftDeleted(deleted, 1)).toStrictEqual(before);
  });

  it("keeps earlier edits through a delete and its undo", () => {
    const edited = deepFreeze(setShiftStart(editor(), 1, "09:00"));
    const restored = toggleShiftDeleted(toggleShiftDeleted(edited, 1), 1);
    expect(restored).toStrictEqual(edited);
    expect(byId(restored, 1)).toMatchObject({ start: "09:00", isEdited: true, isDeleted: false });
  });

  it("throws for a shift that is not there", () => {
    expect(fieldOf(() => toggleShiftDeleted(editor(), 99))).toBe("id");
  });
});

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

describe("validateShifts", () => {
  const valid = () => editor().shifts;

  it("finds nothing wrong with valid shifts, including a quarter-hour start", () => {
    expect(validateShifts(valid())).toEqual([]);
    expect(validateShifts(setShiftStart(editor(), 1, "09:15").shifts)).toEqual([]);
  });

  it("reports each bad field with the shift's index and id", () => {
    const [first, second] = valid();
    const errors = validateShifts([
      first,
      { ...second, date: "30/02/2026", start: "8", end: "", duration: 25 },
    ]);
    expect(errors.map((e) => [e.index, e.shiftId, e.field])).toEqual([
      [1, 2, "date"],
      [1, 2, "start"],
      [1, 2, "end"],
      [1, 2, "duration"],
    ]);
    expect(errors[3].message).toBe("The duration must be more than 0 and at most 24 hours");
  });

  it("rejects durations of 0 and NaN", () => {
    const [first] = valid();
    expect(validateShifts([{ ...first, duration: 0 }])[0].field).toBe("duration");
    expect(validateShifts([{ ...first, duration: NaN }])[0].field).toBe("duration");
  });

  it("requires a live slot on every live shift", () => {
    const noSlots = toggleSlotDeleted(toggleSlotDeleted(editor(), 1, 10), 1, 11);
    expect(validateShifts(noSlots.shifts)).toEqual([
      { index: 0, shiftId: 1, field: "slots", message: "Add at least one skill slot" },
    ]);
    const added = addShift(editor(), { date: "20/01/2026", start: "08:00", duration: 2 });
    expect(validateShifts(added.shifts).map((e) => [e.shiftId, e.field])).toEqual([
      ["new_1", "slots"],
    ]);
  });

  it("rejects quantities below 1 or not whole, on live slots only", () => {
    const [first] = valid();
    const slots = {
      10: { ...first.slots[10], qty: 0 },
      11: { ...first.slots[11], qty: 1.5 },
      20: { ...BARTENDER, qty: 0, shiftSlotId: null, isDeleted: true },
    };
    expect(validateShifts([{ ...first, slots }]).map((e) => e.field)).toEqual([
      "slots.10.qty",
      "slots.11.qty",
    ]);
  });

  it("does not check deleted shifts", () => {
    const [first] = valid();
    expect(validateShifts([{ ...first, date: "x", slots: {}, isDeleted: true }])).toEqual([]);
  });
});

describe("shiftInterval", () => {
  const at = (date: string, start: string, duration: number) => ({ date, start, duration });

  it("starts at the local time in the zone and lasts the duration", () => {
    expect(shiftInterval(at("15/01/2026", "08:00", 8), CPH)).toEqual({
      start: new Date("2026-01-15T07:00:00Z"),
      end: new Date("2026-01-15T15:00:00Z"),
    });
    expect(shiftInterval(at("15/07/2026", "08:00", 8), CPH).start).toEqual(
      new Date("2026-07-15T06:00:00Z"),
    );
  });

  it("ends the next day for an overnight shift", () => {
    expect(shiftInterval(at("31/12/2026", "22:00", 6), CPH)).toEqual({
      start: new Date("2026-12-31T21:00:00Z"),
      end: new Date("2027-01-01T03:00:00Z"),
    });
  });

  it("has the real length on the night the clocks go forward (29 March 2026)", () => {
    const state = addShift(createEditorState([], CPH), {
      date: "28/03/2026",
      start: "22:00",
      end: "06:00",
    });
    const { start, end } = shiftInterval(byId(state, "new_1"), CPH);
    expect(start).toEqual(new Date("2026-03-28T21:00:00Z"));
    expect(end).toEqual(new Date("2026-03-29T04:00:00Z"));
    expect((end.getTime() - start.getTime()) / HOUR).toBe(7);

    const early = addShift(state, { date: "29/03/2026", start: "00:00", end: "06:00" });
    const i = shiftInterval(byId(early, "new_2"), CPH);
    expect((i.end.getTime() - i.start.getTime()) / HOUR).toBe(5);
  });

  it("has the real length on the night the clocks go back (25 October 2026)", () => {
    const state = addShift(createEditorState([], CPH), {
      date: "24/10/2026",
      start: "22:00",
      end: "06:00",
    });
    const { start, end } = shiftInterval(byId(state, "new_1"), CPH);
    expect(start).toEqual(new Date("2026-10-24T20:00:00Z"));
    expect(end).toEqual(new Date("2026-10-25T05:00:00Z"));

    const early = addShift(state, { date: "25/10/2026", start: "00:00", end: "06:00" });
    const i = shiftInterval(byId(early, "new_2"), CPH);
    expect((i.end.getTime() - i.start.getTime()) / HOUR).toBe(7);
  });

  it("gives back the stored instants of a loaded shift across a clock change", () => {
    const shift = loaded(1, "2026-03-28T21:00:00Z", "2026-03-29T04:00:00Z");
    expect(shiftInterval(shift, CPH)).toEqual({
      start: new Date("2026-03-28T21:00:00Z"),
      end: new Date("2026-03-29T04:00:00Z"),
    });
  });

  it("throws for a shift it cannot place", () => {
    expect(fieldOf(() => shiftInterval(at("x", "08:00", 8), CPH))).toBe("date");
    expect(fieldOf(() => shiftInterval(at("15/01/2026", "08:00", 0), CPH))).toBe("duration");
  });
});

describe("toEditPayload", () => {
  it("writes each shift in the spec §3 edit shape", () => {
    let state = setShiftDetails(editor(), 1, { notesForWorkers: "Bring a torch" });
    state = toggleSlotDeleted(state, 1, 11);
    state = setSlot(state, 1, { ...BARTENDER, qty: 2 });
    expect(toEditPayload(state)[0]).toStrictEqual({
      id: 1,
      start: "15/01/2026 08:00",
      end: "15/01/2026 16:00",
      isDeleted: false,
      isEdited: true,
      duration: 8,
      project_manager_id: 3,
      contact_on_location_id: 4,
      dresscode_id: 2,
      dresscode_notes: "Black",
      notes_for_workers: "Bring a torch",
      description: "Load-in",
      shift_slots: [
        { id: 101, skill_id: 10, positions: 4, isDeleted: false },
        { id: 102, skill_id: 11, positions: 2, isDeleted: true },
        { id: null, skill_id: 20, positions: 2, isDeleted: false },
      ],
    });
  });

  it("keeps deleted stored shifts, keeps new_ ids and drops deleted new shifts and slots", () => {
    let state = toggleShiftDeleted(editor(), 2);
    state = addShift(state, {
      date: "20/01/2026",
      start: "08:00",
      duration: 4,
      slots: [
        { ...RIGGER, qty: 1 },
        { ...BARTENDER, qty: 1 },
      ],
    });
    state = addShift(state, { date: "21/01/2026", start: "08:00", duration: 4 });
    state = toggleShiftDeleted(state, "new_2");
    state = toggleSlotDeleted(state, "new_1", 20);
    const payload = toEditPayload(state);
    expect(payload.map((s) => [s.id, s.isDeleted])).toEqual([
      [1, false],
      [2, true],
      ["new_1", false],
    ]);
    expect(payload[2].shift_slots).toEqual([
      { id: null, skill_id: 11, positions: 1, isDeleted: false },
    ]);
  });

  it("dates an overnight end the next day, across a year end", () => {
    let state = setShiftDate(editor(), 1, "31/12/2026");
    state = setShiftStart(state, 1, "22:00");
    state = setShiftEnd(state, 1, "04:00");
    expect(toEditPayload(state).find((s) => s.id === 1)).toMatchObject({
      start: "31/12/2026 22:00",
      end: "01/01/2027 04:00",
      duration: 6,
    });
  });

  it("writes the local end of a shift across the spring-forward night", () => {
    const state = addShift(createEditorState([], CPH), {
      date: "28/03/2026",
      start: "22:00",
      end: "06:00",
    });
    expect(toEditPayload(state)[0]).toMatchObject({
      start: "28/03/2026 22:00",
      end: "29/03/2026 06:00",
      duration: 7,
    });
  });

  it("works in UTC when the state has no zone", () => {
    const state = addShift(
      { shifts: [], nextNewId: 1 },
      { date: "28/03/2026", start: "22:00", end: "06:00" },
    );
    expect(toEditPayload(state)[0]).toMatchObject({ end: "29/03/2026 06:00", duration: 8 });
  });
});

describe("toCreatePayload", () => {
  it("writes a shift in the spec §3 create shape without deleted slots", () => {
    const state = toggleSlotDeleted(editor(), 1, 10);
    expect(toCreatePayload(byId(state, 1))).toStrictEqual({
      startDate: "15/01/2026",
      start: "08:00",
      endHour: "16:00",
      slots: [{ skill_id: 11, qty: 2 }],
      pm: 3,
      col: 4,
      dresscodeID: 2,
      dresscodeNotes: "Black",
      workerNotes: "Bring gloves",
      description: "Load-in",
    });
  });

  it("gives an overnight or 24 h shift's end hour, which is at or before the start", () => {
    let state = addShift(editor(), { date: "20/01/2026", start: "22:00", end: "04:00" });
    state = addShift(state, { date: "21/01/2026", start: "07:30", duration: 24 });
    expect(toCreatePayload(byId(state, "new_1"))).toMatchObject({
      start: "22:00",
      endHour: "04:00",
    });
    expect(toCreatePayload(byId(state, "new_2"))).toMatchObject({
      start: "07:30",
      endHour: "07:30",
    });
  });
});

describe("updaters leave their input alone", () => {
  it("returns new states and never touches the frozen one", () => {
    const state = editor();
    const snapshot = structuredClone(state);
    const next = setSlot(setShiftDuration(setShiftStart(state, 1, "09:00"), 1, 5), 1, {
      ...BARTENDER,
      qty: 1,
    });
    expect(next).not.toBe(state);
    expect(state).toStrictEqual(snapshot);
  });
});

describe("withFrequentGroup", () => {
  const skills: SkillInput[] = [
    { id: 2, name: "Technical", parentId: null, order: 2 },
    { id: 1, name: "Stage & Rigging", parentId: null, order: 1 },
    { id: 11, name: "Rigger", parentId: 1, order: 2 },
    { id: 10, name: "Stagehand", parentId: 1, order: 1 },
    { id: 21, name: "Sound technician", parentId: 2, order: 1 },
    { id: 3, name: "Security", parentId: null, order: 3 },
    { id: 99, name: "Drone pilot", parentId: 42, order: 1 },
  ];

  it("groups the choosable skills by parent in skill order", () => {
    expect(groupSkillsByParent(skills)).toEqual([
      { id: 1, name: "Stage & Rigging", skills: [skills[3], skills[2]] },
      { id: 2, name: "Technical", skills: [skills[4]] },
      { id: 3, name: "Security", skills: [skills[5]] },
      { id: OTHER_GROUP_ID, name: "Other skills", skills: [skills[6]] },
    ]);
  });

  it("puts the frequent skills first, in the order given, as group freq_1", () => {
    const list = withFrequentGroup(skills, [21, 10, 10, 1, 404]);
    expect(list[0]).toEqual({
      id: FREQUENT_GROUP_ID,
      name: "Frequent skills",
      skills: [skills[4], skills[3]],
    });
    expect(list.slice(1)).toEqual(groupSkillsByParent(skills));
  });

  it("adds the group once, however often it is called", () => {
    const once = withFrequentGroup(skills, [10]);
    const twice = withFrequentGroup(once, [10]);
    expect(twice).toEqual(once);
    expect(twice.filter((g) => g.id === FREQUENT_GROUP_ID)).toHaveLength(1);
    const changed = withFrequentGroup(once, [11]);
    expect(changed.filter((g) => g.id === FREQUENT_GROUP_ID)).toEqual([
      { id: FREQUENT_GROUP_ID, name: "Frequent skills", skills: [skills[2]] },
    ]);
  });

  it("adds no group when the company has no frequent skill in the list", () => {
    expect(withFrequentGroup(skills, [])).toEqual(groupSkillsByParent(skills));
    expect(withFrequentGroup(withFrequentGroup(skills, [10]), [])).toEqual(
      groupSkillsByParent(skills),
    );
  });
});

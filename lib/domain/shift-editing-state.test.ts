import { describe, expect, it } from "vitest";
import {
  addShift,
  createEditorState,
  isValidDuration,
  isValidQty,
  normalizeDate,
  normalizeTime,
  nextShiftInput,
  setShiftStart,
  shiftFromStored,
  sortShifts,
  toggleShiftDeleted,
} from "./shift-editing";
import {
  BARTENDER,
  CPH,
  RIGGER,
  STAGEHAND,
  byId,
  deepFreeze,
  editor,
  fieldOf,
  ids,
  loaded,
  times,
} from "./shift-editing.test-support";

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

describe("nextShiftInput (what Add shift proposes)", () => {
  const empty = () => createEditorState([], CPH);

  it("proposes today at 08:00 for 8 hours with no skills on an empty job", () => {
    expect(nextShiftInput(empty(), { today: "24/11/2026" })).toEqual({
      date: "24/11/2026",
      start: "08:00",
      duration: 8,
      slots: [],
    });
  });

  it("follows the last live shift: the next calendar day (also over month ends), its times and skills", () => {
    let state = addShift(empty(), {
      date: "31/01/2026",
      start: "18:30",
      duration: 6.5,
      slots: [{ skillId: STAGEHAND.skillId, skillName: STAGEHAND.skillName, qty: 3 }],
    });
    state = addShift(state, { date: "10/01/2026", start: "07:00", duration: 2 });
    expect(nextShiftInput(state, { today: "24/11/2026" })).toEqual({
      date: "01/02/2026",
      start: "18:30",
      duration: 6.5,
      slots: [{ skillId: STAGEHAND.skillId, skillName: STAGEHAND.skillName, qty: 3 }],
    });
  });

  it("skips deleted shifts and takes the date asked for", () => {
    let state = addShift(empty(), { date: "10/01/2026", start: "07:00", duration: 2 });
    state = addShift(state, { date: "12/01/2026", start: "09:00", duration: 4 });
    state = toggleShiftDeleted(state, state.shifts[1].id);
    expect(nextShiftInput(state, { today: "24/11/2026" })).toMatchObject({
      date: "11/01/2026",
      start: "07:00",
      duration: 2,
    });
    expect(nextShiftInput(state, { date: "05/03/2026", today: "24/11/2026" }).date).toBe(
      "05/03/2026",
    );
  });
});

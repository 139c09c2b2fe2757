import { describe, expect, it } from "vitest";
import {
  addShift,
  createEditorState,
  setShiftDate,
  setShiftDetails,
  setShiftDuration,
  setShiftEnd,
  setShiftStart,
  setSlot,
  shiftInterval,
  toCreatePayload,
  toEditPayload,
  toggleShiftDeleted,
  toggleSlotDeleted,
  validateShifts,
} from "./shift-editing";
import {
  FREQUENT_GROUP_ID,
  OTHER_GROUP_ID,
  groupSkillsByParent,
  withFrequentGroup,
  type SkillInput,
} from "./skill-groups";
import {
  BARTENDER,
  CPH,
  HOUR,
  RIGGER,
  byId,
  editor,
  fieldOf,
  loaded,
} from "./shift-editing.test-support";

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

import { describe, expect, it } from "vitest";
import {
  TEMPLATE_SHIFT_STATUS,
  buildFromTemplate,
  removeTemplateShift,
  templateFromShifts,
  type TemplateShift,
} from "./job-template";
import {
  ShiftEditError,
  addShift,
  createEditorState,
  toggleShiftDeleted,
  toggleSlotDeleted,
  type ShiftEditorState,
} from "./shift-editing";
import { parseDate, parseTime } from "./format";
import { shiftInstants } from "./time";

const CPH = "Europe/Copenhagen";
const HOUR = 3_600_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const RIGGER = { skillId: 11, skillName: "Rigger" };
const BARTENDER = { skillId: 20, skillName: "Bartender" };

/** A job's shifts in the editor, added out of order. */
function editor(): ShiftEditorState {
  let state = createEditorState([], CPH);
  state = addShift(state, {
    date: "12/06/2026",
    start: "22:00",
    end: "04:00",
    slots: [{ ...RIGGER, qty: 2 }],
  });
  state = addShift(state, {
    date: "10/06/2026",
    start: "14:00",
    end: "22:00",
    slots: [
      { ...BARTENDER, qty: 4 },
      { ...RIGGER, qty: 1 },
    ],
  });
  state = addShift(state, {
    date: "10/06/2026",
    start: "08:00",
    duration: 6,
    slots: [{ ...RIGGER, qty: 3 }],
  });
  return deepFreeze(state);
}

const shift = (id: number, startDate: string, startHour = "08:00", endHour = "16:00") =>
  ({
    id,
    startDate,
    startHour,
    endHour,
    skills: [{ skill_id: 11, qty: 1 }],
    status: "active",
  }) satisfies TemplateShift;

describe("templateFromShifts", () => {
  it("numbers the shifts 1..n in date and start order with their hours and skills", () => {
    expect(templateFromShifts(editor().shifts)).toStrictEqual([
      {
        id: 1,
        startDate: "10/06/2026",
        startHour: "08:00",
        endHour: "14:00",
        skills: [{ skill_id: 11, qty: 3 }],
        status: TEMPLATE_SHIFT_STATUS,
      },
      {
        id: 2,
        startDate: "10/06/2026",
        startHour: "14:00",
        endHour: "22:00",
        skills: [
          { skill_id: 11, qty: 1 },
          { skill_id: 20, qty: 4 },
        ],
        status: TEMPLATE_SHIFT_STATUS,
      },
      {
        id: 3,
        startDate: "12/06/2026",
        startHour: "22:00",
        endHour: "04:00",
        skills: [{ skill_id: 11, qty: 2 }],
        status: TEMPLATE_SHIFT_STATUS,
      },
    ]);
  });

  it("orders by the given dates even when the list is not sorted", () => {
    const reversed = [...editor().shifts].reverse();
    expect(templateFromShifts(reversed).map((s) => [s.id, s.startDate, s.startHour])).toEqual([
      [1, "10/06/2026", "08:00"],
      [2, "10/06/2026", "14:00"],
      [3, "12/06/2026", "22:00"],
    ]);
  });

  it("leaves out deleted shifts and deleted slots and keeps the numbering whole", () => {
    let state = toggleShiftDeleted(editor(), "new_3");
    state = toggleSlotDeleted(state, "new_2", 20);
    expect(templateFromShifts(state.shifts).map((s) => [s.id, s.startHour, s.skills])).toEqual([
      [1, "14:00", [{ skill_id: 11, qty: 1 }]],
      [2, "22:00", [{ skill_id: 11, qty: 2 }]],
    ]);
  });

  it("carries a given status and writes dates and hours canonically", () => {
    const [only] = templateFromShifts(
      [{ date: "1/7/2026", start: "8:00", end: "9:30", slots: {} }],
      "draft",
    );
    expect(only).toMatchObject({
      startDate: "01/07/2026",
      startHour: "08:00",
      endHour: "09:30",
      status: "draft",
    });
  });

  it("throws for a shift with no readable date", () => {
    expect(() =>
      templateFromShifts([{ date: "soon", start: "08:00", end: "09:00", slots: {} }]),
    ).toThrow(ShiftEditError);
  });
});

describe("removeTemplateShift", () => {
  const four = deepFreeze([
    shift(1, "01/06/2026"),
    shift(2, "02/06/2026"),
    shift(3, "03/06/2026"),
    shift(4, "04/06/2026"),
  ]);

  it("renumbers the shifts after the removed one downward", () => {
    expect(removeTemplateShift(four, 2).map((s) => [s.id, s.startDate])).toEqual([
      [1, "01/06/2026"],
      [2, "03/06/2026"],
      [3, "04/06/2026"],
    ]);
  });

  it("keeps ids 1..n when removing the first or the last", () => {
    expect(removeTemplateShift(four, 1).map((s) => [s.id, s.startDate])).toEqual([
      [1, "02/06/2026"],
      [2, "03/06/2026"],
      [3, "04/06/2026"],
    ]);
    expect(removeTemplateShift(four, 4).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it("keeps ids 1..n over repeated removals and keeps each shift's content", () => {
    const left = removeTemplateShift(removeTemplateShift(four, 3), 1);
    expect(left).toEqual([
      { ...four[1], id: 1 },
      { ...four[3], id: 2 },
    ]);
  });

  it("changes nothing for an id that is not there", () => {
    const same = removeTemplateShift(four, 7);
    expect(same).toEqual(four);
    expect(same).not.toBe(four);
  });
});

describe("buildFromTemplate", () => {
  const template = deepFreeze(templateFromShifts(editor().shifts));

  it("moves the first shift to the new date and keeps the others' distance in days", () => {
    const built = buildFromTemplate(template, "01/09/2026");
    expect(built.map((s) => [s.startDate, s.start, s.endHour])).toEqual([
      ["01/09/2026", "08:00", "14:00"],
      ["01/09/2026", "14:00", "22:00"],
      ["03/09/2026", "22:00", "04:00"],
    ]);
  });

  it("writes create-payload shifts with the template's skills and empty details", () => {
    expect(buildFromTemplate(template, "01/09/2026")[1]).toStrictEqual({
      startDate: "01/09/2026",
      start: "14:00",
      endHour: "22:00",
      slots: [
        { skill_id: 11, qty: 1 },
        { skill_id: 20, qty: 4 },
      ],
      pm: null,
      col: null,
      dresscodeID: null,
      dresscodeNotes: "",
      workerNotes: "",
      description: "",
    });
  });

  it("fills in details given for the new job", () => {
    const [first] = buildFromTemplate(template, "01/09/2026", {
      pm: 5,
      col: 6,
      description: "Gala",
    });
    expect(first).toMatchObject({
      pm: 5,
      col: 6,
      dresscodeID: null,
      description: "Gala",
      workerNotes: "",
    });
  });

  it("carries over a month end, a year end and a leap day", () => {
    const spread = [
      shift(1, "27/02/2026"),
      shift(2, "28/02/2026"),
      shift(3, "01/03/2026"),
      shift(4, "05/03/2026"),
    ];
    expect(buildFromTemplate(spread, "27/02/2028").map((s) => s.startDate)).toEqual([
      "27/02/2028",
      "28/02/2028",
      "29/02/2028",
      "04/03/2028",
    ]);
    expect(buildFromTemplate(spread, "30/12/2026").map((s) => s.startDate)).toEqual([
      "30/12/2026",
      "31/12/2026",
      "01/01/2027",
      "05/01/2027",
    ]);
  });

  it("keeps the hours, and overnight stays overnight, across the clock change", () => {
    const nights = [
      shift(1, "01/03/2026", "22:00", "06:00"),
      shift(2, "02/03/2026", "22:00", "06:00"),
    ];
    const built = buildFromTemplate(nights, "27/03/2026");
    expect(built.map((s) => [s.startDate, s.start, s.endHour])).toEqual([
      ["27/03/2026", "22:00", "06:00"],
      ["28/03/2026", "22:00", "06:00"],
    ]);
    // Stored in the job's zone, the second night is an hour shorter: the clocks go forward.
    const lengths = built.map((s) => {
      const { start, end } = shiftInstants(
        parseDate(s.startDate)!,
        parseTime(s.start)!,
        parseTime(s.endHour)!,
        CPH,
      );
      return (end.getTime() - start.getTime()) / HOUR;
    });
    expect(lengths).toEqual([8, 7]);
  });

  it("goes by the earliest shift even when the template is not in order, and sorts the result", () => {
    const unordered = [
      shift(1, "05/06/2026", "09:00"),
      shift(2, "03/06/2026", "18:00"),
      shift(3, "03/06/2026", "07:00"),
    ];
    expect(buildFromTemplate(unordered, "10/07/2026").map((s) => [s.startDate, s.start])).toEqual([
      ["10/07/2026", "07:00"],
      ["10/07/2026", "18:00"],
      ["12/07/2026", "09:00"],
    ]);
  });

  it("moves a template backwards in time too", () => {
    expect(
      buildFromTemplate([shift(1, "10/06/2026"), shift(2, "11/06/2026")], "01/01/2026").map(
        (s) => s.startDate,
      ),
    ).toEqual(["01/01/2026", "02/01/2026"]);
  });

  it("builds nothing from an empty template and rejects a bad start date or template", () => {
    expect(buildFromTemplate([], "01/09/2026")).toEqual([]);
    expect(() => buildFromTemplate(template, "31/09/2026")).toThrow(ShiftEditError);
    expect(() => buildFromTemplate([shift(1, "2026-06-01")], "01/09/2026")).toThrow(ShiftEditError);
    expect(() =>
      buildFromTemplate([shift(1, "01/06/2026", "08:00", "late")], "01/09/2026"),
    ).toThrow(ShiftEditError);
    const zero = [{ ...shift(1, "01/06/2026"), skills: [{ skill_id: 11, qty: 0 }] }];
    expect(() => buildFromTemplate(zero, "01/09/2026")).toThrow(/whole number/);
  });

  it("round-trips: a job saved as a template and rebuilt on its own first date has the same shifts", () => {
    const state = editor();
    const rebuilt = buildFromTemplate(templateFromShifts(state.shifts), "10/06/2026");
    expect(rebuilt.map((s) => [s.startDate, s.start, s.endHour, s.slots])).toEqual(
      state.shifts.map((s) => [
        s.date,
        s.start,
        s.end,
        Object.values(s.slots).map((x) => ({ skill_id: x.skillId, qty: x.qty })),
      ]),
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  NO_SHIFTS,
  TYPE_VENUE,
  checkJobForm,
  hasErrors,
  humanFieldMessage,
  humanJobErrors,
  shiftFieldOf,
} from "./job-form-check";
import { addShift, createEditorState, toggleShiftDeleted } from "./shift-editing";

const empty = { name: "", company_id: null, country_id: null, venue_id: null, venue_name: "" };
const filled = { name: "Gala", company_id: 1, country_id: 2, venue_id: null, venue_name: "" };

const withShift = (slots: { skillId: number; skillName: string; qty: number }[]) =>
  addShift(createEditorState([], "Europe/Copenhagen"), {
    date: "23/11/2026",
    start: "16:00",
    duration: 8,
    slots,
  });

describe("checkJobForm: everything at once", () => {
  it("names every missing choice of an empty form together, in people's words", () => {
    const e = checkJobForm(empty, []);
    expect(e.fields).toEqual({
      name: ["Enter the job's name"],
      company_id: ["Choose a company"],
      country_id: ["Choose a country"],
      shifts: [NO_SHIFTS],
    });
    expect(hasErrors(e)).toBe(true);
  });

  it("keeps an over-long text in its field with its limit, counting as the server does (trimmed)", () => {
    const state = withShift([{ skillId: 3, skillName: "Stagehand", qty: 2 }]);
    const e = checkJobForm(
      { ...filled, details: "x".repeat(20_001), zip: " 1234 ", reason: " ".repeat(5000) },
      state.shifts,
    );
    expect(e.fields).toEqual({ details: ["Details may be at most 20,000 characters"] });
    const ok = checkJobForm({ ...filled, details: "x".repeat(20_000) }, state.shifts);
    expect(hasErrors(ok)).toBe(false);
  });

  it("passes a complete form", () => {
    const state = withShift([{ skillId: 3, skillName: "Stagehand", qty: 2 }]);
    const e = checkJobForm(filled, state.shifts);
    expect(e).toEqual({ fields: {}, shifts: {} });
    expect(hasErrors(e)).toBe(false);
  });

  it("puts a shift's problems on the shift's own fields", () => {
    const state = withShift([]);
    const e = checkJobForm(filled, state.shifts);
    expect(e.fields).toEqual({});
    expect(e.shifts[String(state.shifts[0].id)]).toEqual({
      slots: ["Add at least one skill slot"],
    });
  });

  it("counts only shifts that are not being removed", () => {
    const state = withShift([{ skillId: 3, skillName: "Stagehand", qty: 2 }]);
    const removed = toggleShiftDeleted(state, state.shifts[0].id);
    expect(checkJobForm(filled, removed.shifts).fields).toEqual({ shifts: [NO_SHIFTS] });
  });

  it("asks for a venue name when 'another venue' was chosen and left blank", () => {
    expect(checkJobForm({ ...filled, venue_name: " " }, []).fields.venue_name).toEqual([
      TYPE_VENUE,
    ]);
    expect(checkJobForm({ ...filled, venue_name: "Tent" }, []).fields.venue_name).toBeUndefined();
  });
});

describe("humanJobErrors: the verbs' field errors in the form's words", () => {
  it("turns zod fragments into what to do, and keeps sentences", () => {
    const e = humanJobErrors(
      {
        company_id: ["must be a positive id"],
        country_id: ["Invalid input: expected number, received undefined"],
        zip: ["may be at most 20 characters"],
        venue_id: ["The selected venue does not exist or may not be used by this company."],
        name: ["The name field is required."],
      },
      [],
    );
    expect(e.fields).toEqual({
      company_id: ["Choose a company"],
      country_id: ["Choose a country"],
      zip: ["Zip may be at most 20 characters"],
      venue_id: ["The selected venue does not exist or may not be used by this company."],
      name: ["The name field is required."],
    });
  });

  it("places shift errors on their card by the payload's order", () => {
    const order = [7, "new_1" as const];
    const e = humanJobErrors(
      {
        "shifts.1.startDate": ["This date is in the past."],
        "shifts.1.endHour": ["must be a time as HH:mm"],
        "shifts.0.slots": ["needs at least one skill slot"],
        "shifts.0.slots.0.qty": ["must be at least 1"],
        "shifts.0.shift_slots.0.skill_id": ["must be a positive id"],
      },
      order,
    );
    expect(e.fields).toEqual({});
    expect(e.shifts).toEqual({
      new_1: { date: ["This date is in the past."], end: ["Enter the end time as HH:mm"] },
      "7": {
        slots: [
          "Add at least one skill slot",
          "The quantity must be a whole number from 1 to 500",
          "Choose a skill",
        ],
      },
    });
  });

  it("asks for a shift instead of the spec's generic shifts message", () => {
    expect(humanJobErrors({ shifts: ["Please enter valid shifts"] }, []).fields).toEqual({
      shifts: [NO_SHIFTS],
    });
    expect(
      humanJobErrors({ shifts: ["A job may have at most 366 shifts."] }, []).fields.shifts,
    ).toEqual(["A job may have at most 366 shifts."]);
  });

  it("keeps an error of a shift index it cannot place on the shift list", () => {
    expect(humanJobErrors({ "shifts.4.start": ["Bad"] }, [1]).fields).toEqual({
      shifts: ["Bad"],
    });
  });

  it("maps each payload key to a card field", () => {
    expect(shiftFieldOf("startDate")).toBe("date");
    expect(shiftFieldOf("start")).toBe("start");
    expect(shiftFieldOf("end")).toBe("end");
    expect(shiftFieldOf("endHour")).toBe("end");
    expect(shiftFieldOf("duration")).toBe("duration");
    expect(shiftFieldOf("shift_slots.0.positions")).toBe("slots");
    expect(shiftFieldOf("")).toBe("_");
    expect(shiftFieldOf("pm")).toBe("_");
  });

  it("never shows a bare fragment", () => {
    expect(humanFieldMessage("something_else", "must be a positive id")).toBe("Check this field");
  });
});

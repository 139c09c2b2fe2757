import { describe, expect, it } from "vitest";
import { addMonths, dayAfterKey, monthGrid, spokenDay, weekdayOf } from "./calendar-grid";
import {
  dayOfIso,
  displayToIso,
  isoToDisplay,
  nearestTimeOption,
  parseDateEntry,
  parseTimeEntry,
} from "./time-entry";

describe("parseTimeEntry (free typing in the time picker)", () => {
  it.each([
    ["7", "07:00"],
    ["07", "07:00"],
    ["0", "00:00"],
    ["16", "16:00"],
    ["730", "07:30"],
    ["0730", "07:30"],
    ["1630", "16:30"],
    ["16:30", "16:30"],
    ["16.30", "16:30"],
    ["16h30", "16:30"],
    ["16 30", "16:30"],
    [" 9:05 ", "09:05"],
    ["23:59", "23:59"],
    ["00:00", "00:00"],
  ])("reads %j as %s", (text, time) => {
    expect(parseTimeEntry(text)).toBe(time);
  });

  it.each([
    "",
    "24",
    "2400",
    "24:00",
    "12:60",
    "163",
    "7:5",
    "4pm",
    "4:00 PM",
    "abc",
    "1:2:3",
    "-1",
  ])("refuses %j", (text) => {
    expect(parseTimeEntry(text)).toBeNull();
  });

  it("points at the half hour at or before a typed time", () => {
    expect(nearestTimeOption("16:45")).toBe("16:30");
    expect(nearestTimeOption("1629")).toBe("16:00");
    expect(nearestTimeOption("7")).toBe("07:00");
    expect(nearestTimeOption("23:59")).toBe("23:30");
    expect(nearestTimeOption("nonsense")).toBeNull();
  });
});

describe("parseDateEntry (typing in the date picker, day first)", () => {
  const nov23 = { year: 2026, month: 11, day: 23 };
  it.each([
    "23/11/2026",
    "23.11.2026",
    "23-11-2026",
    "23 11 2026",
    "23112026",
    "23/11/26",
    "2026-11-23",
  ])("reads %j as 23 November 2026", (text) => {
    expect(parseDateEntry(text)).toEqual(nov23);
  });

  it("reads one-digit days and months day first", () => {
    expect(parseDateEntry("1/2/2026")).toEqual({ year: 2026, month: 2, day: 1 });
  });

  it.each([
    "",
    "11/23/2026",
    "31/02/2026",
    "29/02/2027",
    "2026/11/23",
    "23/11",
    "tomorrow",
    "231126",
  ])("refuses %j", (text) => {
    expect(parseDateEntry(text)).toBeNull();
  });

  it("accepts 29 February in a leap year only", () => {
    expect(parseDateEntry("29/02/2028")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("ISO and display dates", () => {
  it("converts both ways and refuses what is not a date", () => {
    expect(isoToDisplay("2026-11-23")).toBe("23/11/2026");
    expect(displayToIso("23/11/2026")).toBe("2026-11-23");
    expect(displayToIso("3/1/2026")).toBe("2026-01-03");
    expect(isoToDisplay("2026-02-30")).toBe("");
    expect(isoToDisplay("")).toBe("");
    expect(displayToIso("2026-11-23")).toBe("");
    expect(dayOfIso(null)).toBeNull();
  });
});

describe("the month grid", () => {
  it("starts weeks on Monday and covers the whole month", () => {
    const weeks = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(weeks[0][0]).toEqual({ year: 2026, month: 10, day: 26 });
    expect(weeks[0][6]).toEqual({ year: 2026, month: 11, day: 1 });
    expect(weeks.flat().filter((d) => d.month === 11)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7 && weekdayOf(w[0]) === 0)).toBe(true);
    expect(weeks).toHaveLength(6);
  });

  it("uses four weeks for a February that starts on Monday", () => {
    expect(monthGrid(2027, 2)).toHaveLength(4);
  });

  it("names a day for screen readers", () => {
    expect(spokenDay({ year: 2026, month: 11, day: 23 })).toBe("Monday 23 November 2026");
  });

  it("moves the focused day with the keyboard", () => {
    const d = { year: 2026, month: 11, day: 25 }; // a Wednesday
    expect(dayAfterKey(d, "ArrowLeft")).toEqual({ year: 2026, month: 11, day: 24 });
    expect(dayAfterKey(d, "ArrowDown")).toEqual({ year: 2026, month: 12, day: 2 });
    expect(dayAfterKey(d, "ArrowUp")).toEqual({ year: 2026, month: 11, day: 18 });
    expect(dayAfterKey(d, "Home")).toEqual({ year: 2026, month: 11, day: 23 });
    expect(dayAfterKey(d, "End")).toEqual({ year: 2026, month: 11, day: 29 });
    expect(dayAfterKey(d, "PageDown")).toEqual({ year: 2026, month: 12, day: 25 });
    expect(dayAfterKey(d, "PageUp", true)).toEqual({ year: 2025, month: 11, day: 25 });
    expect(dayAfterKey(d, "Enter")).toBeNull();
  });

  it("clamps to the last day when moving by months", () => {
    expect(addMonths({ year: 2026, month: 1, day: 31 }, 1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
    expect(addMonths({ year: 2026, month: 1, day: 15 }, -1)).toEqual({
      year: 2025,
      month: 12,
      day: 15,
    });
  });
});

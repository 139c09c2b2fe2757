import { describe, expect, it } from "vitest";
import {
  CALENDAR_MESSAGES,
  calendarEventLabel,
  calendarFill,
  calendarRange,
  dayText,
  daysBetween,
  moreOnDay,
  showMoreCount,
  CALENDAR_DAY_COUNT_CAP,
  parseDay,
  visibleRange,
  monthPerDay,
  perDayOf,
  byDay,
  WEEK_PER_DAY,
  AGENDA_PER_DAY,
} from "./calendar";

const today = { year: 2026, month: 2, day: 14 };

describe("calendarRange", () => {
  it("defaults to the month of today (spec §9)", () => {
    expect(calendarRange(undefined, "", today)).toEqual({
      ok: true,
      start: { year: 2026, month: 2, day: 1 },
      end: { year: 2026, month: 2, day: 28 },
      days: 28,
    });
  });
  it("fills the missing end with the month's edge", () => {
    const r = calendarRange("2028-02-10", undefined, today);
    expect(r).toMatchObject({ ok: true, end: { year: 2028, month: 2, day: 29 }, days: 20 });
    const e = calendarRange(undefined, "2026-12-05", today);
    expect(e).toMatchObject({ ok: true, start: { year: 2026, month: 12, day: 1 }, days: 5 });
  });
  it("accepts one day and a 45-day range, refuses 46 days and an end before the start", () => {
    expect(calendarRange("2026-03-01", "2026-03-01", today)).toMatchObject({ ok: true, days: 1 });
    expect(calendarRange("2026-01-01", "2026-02-14", today)).toMatchObject({ ok: true, days: 45 });
    expect(calendarRange("2026-01-01", "2026-02-15", today)).toEqual({
      ok: false,
      field: "endDate",
      message: CALENDAR_MESSAGES.tooLong,
    });
    expect(calendarRange("2026-03-02", "2026-03-01", today)).toEqual({
      ok: false,
      field: "endDate",
      message: CALENDAR_MESSAGES.endBeforeStart,
    });
  });
  it("refuses dates that are not real days", () => {
    for (const bad of ["abc", "2026-02-29", "2026-13-01", "26-01-01", "0", "01/02/2026"])
      expect(calendarRange(bad, undefined, today)).toMatchObject({ ok: false, field: "startDate" });
    expect(calendarRange("2026-01-01", ["x"], today)).toMatchObject({
      ok: false,
      field: "endDate",
    });
  });
});

describe("parseDay", () => {
  it("reads YYYY-MM-DD and the date part of an ISO date-time", () => {
    expect(parseDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDay("2026-10-25T23:00:00Z")).toEqual({ year: 2026, month: 10, day: 25 });
    expect(parseDay("2026-10-25x")).toBeNull();
    expect(parseDay(20261025)).toBeNull();
  });
});

describe("calendarFill", () => {
  it.each([
    ["Published", 0, 3, "empty"],
    ["Published", 1, 3, "partial"],
    ["Report!", 3, 3, "full"],
    ["Published", 4, 3, "full"],
    ["Published", 0, 0, "none"],
    ["Draft", 3, 3, "draft"],
    ["Cancelled", 1, 3, "cancelled"],
  ] as const)("%s %i/%i is %s", (status, booked, positions, fill) => {
    expect(calendarFill(status, booked, positions)).toBe(fill);
  });
  it("labels Draft and Cancelled in words, not colour alone", () => {
    expect(calendarEventLabel({ title: "Gala", fill: "cancelled", booked: 1, positions: 3 })).toBe(
      "Cancelled: Gala · 1 / 3",
    );
    expect(calendarEventLabel({ title: "Gala", fill: "draft", booked: 0, positions: 2 })).toBe(
      "Draft: Gala · 0 / 2",
    );
    expect(calendarEventLabel({ title: "Gala", fill: "full", booked: 2, positions: 2 })).toBe(
      "Gala · 2 / 2",
    );
  });
});

describe("visibleRange", () => {
  const d = (s: string) => parseDay(s)!;
  it("covers a month's weeks, Monday on or before the 1st to Sunday on or after the last day", () => {
    // 1 Nov 2026 is a Sunday and 30 Nov a Monday: six weeks.
    expect(visibleRange("month", d("2026-11-17"))).toEqual({
      start: d("2026-10-26"),
      end: d("2026-12-06"),
    });
    // 1 Jun 2026 is a Monday, 30 Jun a Tuesday: five weeks.
    expect(visibleRange("month", d("2026-06-30"))).toEqual({
      start: d("2026-06-01"),
      end: d("2026-07-05"),
    });
    // December runs into January: 30 Nov (Monday) to 3 Jan 2027 (Sunday).
    expect(visibleRange("month", d("2026-12-01"))).toEqual({
      start: d("2026-11-30"),
      end: d("2027-01-03"),
    });
    // February 2027 starts on a Monday and ends on a Sunday: four weeks.
    expect(visibleRange("month", d("2027-02-14"))).toEqual({
      start: d("2027-02-01"),
      end: d("2027-02-28"),
    });
    const r = visibleRange("month", d("2026-11-17"));
    expect(calendarRange(dayText(r.start), dayText(r.end), r.start)).toMatchObject({ days: 42 });
  });
  it("asks the soonest few a day for a week and the agenda, and a day in full", () => {
    expect([WEEK_PER_DAY, AGENDA_PER_DAY]).toEqual([4, 10]);
    expect(perDayOf("week", visibleRange("week", d("2026-11-04")))).toBe(4);
    expect(perDayOf("agenda", visibleRange("agenda", d("2026-11-04")))).toBe(10);
    expect(perDayOf("day", visibleRange("day", d("2026-11-04")))).toBeUndefined();
    expect(perDayOf("month", visibleRange("month", d("2027-02-14")))).toBe(6);
    expect(perDayOf("month", visibleRange("month", d("2026-11-04")))).toBe(4);
  });
  it("asks 6 events a day of a 4-week month and 4 of a 5- or 6-week one", () => {
    expect(monthPerDay(visibleRange("month", d("2027-02-14")))).toBe(6);
    expect(monthPerDay(visibleRange("month", d("2026-12-01")))).toBe(4);
    expect(monthPerDay(visibleRange("month", d("2026-11-17")))).toBe(4);
  });
  it("covers Monday to Sunday for a week, the day, and 30 agenda days", () => {
    expect(visibleRange("week", d("2026-11-01"))).toEqual({
      start: d("2026-10-26"),
      end: d("2026-11-01"),
    });
    expect(visibleRange("day", d("2026-11-01"))).toEqual({
      start: d("2026-11-01"),
      end: d("2026-11-01"),
    });
    expect(visibleRange("agenda", d("2026-11-20"))).toEqual({
      start: d("2026-11-20"),
      end: d("2026-12-19"),
    });
  });
});

describe('a month cell\'s "+N more"', () => {
  it("counts from the server's day total when the answer was cut per day", () => {
    // The cell holds the 8 events it was sent and drew 2; the day has 214 in all.
    expect(moreOnDay(214, 2, 8)).toBe(212);
    // Not cut (no total): what the cell holds and did not draw.
    expect(moreOnDay(undefined, 2, 5)).toBe(3);
    expect(moreOnDay(2, 2, 2)).toBe(0);
  });

  it('says "+N+" on a day whose count reached the cap', () => {
    expect(showMoreCount(moreOnDay(CALENDAR_DAY_COUNT_CAP, 3, 8), true)).toBe("+96+");
    expect(showMoreCount(moreOnDay(12, 3, 8), false)).toBe("+9");
  });

  it("numbers the days of a range across a month's end and a leap day", () => {
    expect(daysBetween({ year: 2026, month: 10, day: 26 }, { year: 2026, month: 12, day: 6 })).toBe(
      41,
    );
    expect(daysBetween({ year: 2028, month: 2, day: 28 }, { year: 2028, month: 3, day: 1 })).toBe(
      2,
    );
    expect(daysBetween({ year: 2026, month: 11, day: 5 }, { year: 2026, month: 11, day: 5 })).toBe(
      0,
    );
  });
});

describe("byDay", () => {
  // Three days: [0, 10), [10, 20), [20, 30).
  const bounds = [0, 10, 20, 30];
  const span = (e: readonly [number, number]) => e;
  it("puts an item on every day it overlaps, in the order given", () => {
    const a = [2, 5] as const; // day 0
    const b = [8, 12] as const; // days 0 and 1
    const c = [10, 20] as const; // day 1 only: it ends as day 2 begins
    const d = [-5, 35] as const; // began before the range, ends after it: every day
    const e = [25, 40] as const; // day 2
    expect(byDay([a, b, c, d, e], span, bounds)).toEqual([
      [a, b, d],
      [b, c, d],
      [d, e],
    ]);
  });
  it("keeps an item of no length on the day it sits in, and drops what lies outside", () => {
    const atMidnight = [10, 10] as const;
    const before = [-10, 0] as const; // ends as the range begins
    const after = [30, 31] as const;
    expect(byDay([atMidnight, before, after], span, bounds)).toEqual([[], [atMidnight], []]);
    expect(byDay([[1, 2] as const], span, [0])).toEqual([]);
  });
});

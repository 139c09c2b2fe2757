import { describe, expect, it } from "vitest";
import {
  addMonths,
  calendarKind,
  calendarStatusLabel,
  daysInMonth,
  monthKey,
  monthLabel,
  parseMonth,
} from "./user-calendar";

const today = { year: 2026, month: 11 };

describe("parseMonth", () => {
  it("reads YYYY-MM", () => {
    expect(parseMonth("2026-10", today)).toEqual({ year: 2026, month: 10 });
    expect(parseMonth(["2025-01", "2025-02"], today)).toEqual({ year: 2025, month: 1 });
  });
  it.each([undefined, "", "abc", "2026-13", "2026-00", "99999-01", "1999-12", "2026-1", 5])(
    "%s is the current month",
    (raw) => {
      expect(parseMonth(raw, today)).toEqual(today);
    },
  );
});

describe("months", () => {
  it("steps across years both ways", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthKey({ year: 2026, month: 3 })).toBe("2026-03");
  });
  it("knows month lengths and names", () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 10 })).toBe(31);
    expect(monthLabel({ year: 2026, month: 10 })).toBe("October 2026");
  });
});

describe("status in words", () => {
  it("groups statuses", () => {
    expect(calendarKind("Approved")).toBe("booked");
    expect(calendarKind("Requested")).toBe("requested");
    expect(calendarKind("Reserve")).toBe("applied");
    expect(calendarKind("Denied")).toBeNull();
  });
  it("names a cancelled job first", () => {
    expect(calendarStatusLabel("Booked", "Published")).toBe("Booked");
    expect(calendarStatusLabel("Booked", "Cancelled")).toBe("Job cancelled");
    expect(calendarStatusLabel("Reserve", "Published")).toBe("Applied (reserve)");
  });
});

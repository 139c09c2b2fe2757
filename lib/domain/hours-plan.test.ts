import { describe, expect, it } from "vitest";
import {
  differenceMinutes,
  formatDifference,
  isDayShift,
  matchesPlan,
  unusualHours,
  MATCH_RULE,
  reportsAndHours,
} from "./hours-plan";
import { fromLocal } from "./time";

const TZ = "Europe/Amsterdam";
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 11, day, hour, minute }, TZ);
const span = (start: Date, end: Date) => ({ start, end });
const dayShift = span(at(23, 8), at(23, 16));
const nightShift = span(at(23, 22), at(24, 4));

describe("formatDifference", () => {
  it("writes a signed h:mm with a real minus sign", () => {
    expect(formatDifference(45)).toBe("+0:45");
    expect(formatDifference(-25)).toBe("\u22120:25");
    expect(formatDifference(900)).toBe("+15:00");
    expect(formatDifference(0)).toBe("0:00");
    expect(formatDifference(-125)).toBe("\u22122:05");
  });
});

describe("differenceMinutes", () => {
  it("is reported minus planned worked time", () => {
    expect(differenceMinutes(dayShift, span(at(23, 8), at(23, 16, 30)))).toBe(30);
    expect(differenceMinutes(dayShift, span(at(23, 8, 30), at(23, 16)))).toBe(-30);
  });
});

describe("isDayShift", () => {
  it("tells a shift within one day from one across midnight", () => {
    expect(isDayShift(dayShift, TZ)).toBe(true);
    expect(isDayShift(nightShift, TZ)).toBe(false);
    // Ending at midnight is still a day shift.
    expect(isDayShift(span(at(23, 16), at(24, 0)), TZ)).toBe(true);
  });
});

describe("unusualHours", () => {
  it("accepts a report within two hours of the plan", () => {
    expect(unusualHours(dayShift, span(at(23, 8), at(23, 16, 30)), TZ)).toBeNull();
    expect(unusualHours(dayShift, span(at(23, 8), at(23, 18)), TZ)).toBeNull();
    expect(unusualHours(dayShift, span(at(23, 10), at(23, 16)), TZ)).toBeNull();
  });

  it("asks about more than two hours off the plan, naming the difference", () => {
    const u = unusualHours(dayShift, span(at(23, 8), at(23, 18, 1)), TZ);
    expect(u).toMatchObject({ reason: "difference", difference: "+2:01", difference_minutes: 121 });
    expect(u!.message).toContain("+2:01");
    expect(u!.message).toContain("08:00–16:00");
    const short = unusualHours(dayShift, span(at(23, 8), at(23, 11)), TZ);
    expect(short).toMatchObject({ difference: "\u22125:00", difference_minutes: -300 });
  });

  it("catches the 08:00–07:00 typo: 23 hours on a day shift", () => {
    const u = unusualHours(dayShift, span(at(23, 8), at(24, 7)), TZ);
    expect(u).toMatchObject({ reason: "difference", difference: "+15:00" });
    expect(u!.message).toContain("08:00–07:00 (+1 day)");
  });

  it("asks when a day shift's report ends on the next day, even when short of two hours", () => {
    const late = span(at(23, 16), at(23, 23, 30));
    const u = unusualHours(late, span(at(23, 16), at(24, 0, 30)), TZ);
    expect(u).toMatchObject({ reason: "next_day", difference: "+1:00" });
  });

  it("lets a night shift end on the next day", () => {
    expect(unusualHours(nightShift, span(at(23, 22), at(24, 5)), TZ)).toBeNull();
  });
});

describe("matchesPlan", () => {
  it("holds when start and end are each within 15 minutes of the plan", () => {
    expect(matchesPlan(dayShift, span(at(23, 8), at(23, 16)))).toBe(true);
    expect(matchesPlan(dayShift, span(at(23, 8, 15), at(23, 15, 45)))).toBe(true);
    expect(matchesPlan(dayShift, span(at(23, 8, 16), at(23, 16)))).toBe(false);
    expect(matchesPlan(dayShift, span(at(23, 8), at(23, 16, 16)))).toBe(false);
    // The same length an hour later is not the plan.
    expect(matchesPlan(dayShift, span(at(23, 9), at(23, 17)))).toBe(false);
  });
});

describe("reportsAndHours and MATCH_RULE", () => {
  it("names the reports and their hours in decimal hours", () => {
    expect(reportsAndHours(12, 94.5 * 60)).toBe("12 reports, 94.5 hours");
    expect(reportsAndHours(1, 60)).toBe("1 report, 1 hour");
    expect(reportsAndHours(2, 7 * 60 + 45)).toBe("2 reports, 7.75 hours");
    expect(reportsAndHours(0, 0)).toBe("0 reports, 0 hours");
    expect(reportsAndHours(3, 20)).toBe("3 reports, 0.33 hours");
  });

  it("states the rule as the screen asks it", () => {
    expect(MATCH_RULE).toBe("start and end each within 15 minutes of the plan");
  });
});

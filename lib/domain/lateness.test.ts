import { describe, expect, it } from "vitest";
import { CHECK_IN_GRACE_MINUTES, formatLate, lateMinutes } from "./lateness";

const start = new Date("2026-11-24T07:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);
const MIN = 60_000;

describe("lateMinutes", () => {
  it("is 0 for a check-in before or exactly at the start", () => {
    expect(lateMinutes(start, at(-25 * MIN))).toBe(0);
    expect(lateMinutes(start, start)).toBe(0);
  });

  it("counts whole minutes after the start, rounding down", () => {
    expect(lateMinutes(start, at(59_999))).toBe(0);
    expect(lateMinutes(start, at(MIN))).toBe(1);
    expect(lateMinutes(start, at(43 * MIN + 30_000))).toBe(43);
    expect(lateMinutes(start, at(125 * MIN))).toBe(125);
  });

  it("counts across midnight and a day boundary", () => {
    const night = new Date("2026-11-24T23:30:00Z");
    expect(lateMinutes(night, new Date("2026-11-25T00:15:00Z"))).toBe(45);
  });

  it("is 0 for an invalid date rather than NaN", () => {
    expect(lateMinutes(start, new Date("invalid"))).toBe(0);
  });
});

describe("formatLate", () => {
  it("writes hours and two-digit minutes", () => {
    expect(formatLate(43)).toBe("late by 0:43");
    expect(formatLate(1)).toBe("late by 0:01");
    expect(formatLate(60)).toBe("late by 1:00");
    expect(formatLate(125)).toBe("late by 2:05");
    expect(formatLate(24 * 60 + 5)).toBe("late by 24:05");
  });

  it("is empty when not late", () => {
    expect(formatLate(0)).toBe("");
    expect(formatLate(-5)).toBe("");
    expect(formatLate(Number.NaN)).toBe("");
  });

  it("composes with lateMinutes", () => {
    expect(formatLate(lateMinutes(start, at(43 * MIN)))).toBe("late by 0:43");
  });
});

describe("CHECK_IN_GRACE_MINUTES", () => {
  it("is the issue's 15 minutes", () => {
    expect(CHECK_IN_GRACE_MINUTES).toBe(15);
  });
});

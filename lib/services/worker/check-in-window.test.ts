import { describe, expect, it } from "vitest";
import { checkInOpensAt, checkInRefusal, checkInWindow } from "./check-in-window";

const start = new Date("2026-11-24T11:00:00Z"); // 12:00 in Copenhagen (winter, UTC+1)
const end = new Date("2026-11-24T19:00:00Z");
const ms = (iso: string) => new Date(iso);

describe("check-in window", () => {
  it("opens six hours before the start and closes when the shift ends", () => {
    expect(checkInOpensAt(start).toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(checkInWindow(ms("2026-11-24T04:59:59.999Z"), start, end)).toBe("early");
    expect(checkInWindow(ms("2026-11-24T05:00:00.000Z"), start, end)).toBe("open");
    expect(checkInWindow(ms("2026-11-24T18:59:59.999Z"), start, end)).toBe("open");
    expect(checkInWindow(end, start, end)).toBe("ended");
  });

  it("says when it opens in the job's zone, or that the shift has ended", () => {
    const tz = "Europe/Copenhagen";
    expect(checkInRefusal(ms("2026-11-23T20:00:00Z"), start, end, tz)).toBe(
      "Check-in opens at 06:00 on 24/11/2026.",
    );
    expect(checkInRefusal(ms("2026-11-24T12:00:00Z"), start, end, tz)).toBeNull();
    expect(checkInRefusal(ms("2026-11-25T00:00:00Z"), start, end, tz)).toBe(
      "This shift has ended.",
    );
    // A shift starting at 02:00 opens the evening before: the date is the day it opens.
    const night = new Date("2026-11-24T01:00:00Z");
    expect(checkInRefusal(ms("2026-11-23T12:00:00Z"), night, end, tz)).toBe(
      "Check-in opens at 20:00 on 23/11/2026.",
    );
  });
});

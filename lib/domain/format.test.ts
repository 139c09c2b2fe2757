import { describe, expect, it } from "vitest";
import {
  daysBetween,
  endDayOffset,
  formatBookedAt,
  formatDayOffset,
  formatDuration,
  formatHours,
  formatTimeRange,
  formatDate,
  formatDateTime,
  formatRange,
  formatTime,
  isPastDate,
  minutesToHours,
  parseDate,
  parseDateTime,
  parseTime,
  TIME_OPTIONS,
  formatWeekdayDate,
} from "./format";

const CPH = "Europe/Copenhagen";
const UTC = "UTC";

describe("formatting in a zone (spec §9)", () => {
  const evening = new Date("2026-11-22T21:00:00Z"); // 22:00 in Copenhagen

  it("names a shift's day as 'Sat 27/06' in the job's zone", () => {
    expect(formatWeekdayDate(new Date("2026-06-27T10:00:00Z"), CPH)).toBe("Sat 27/06");
    // 23:30 UTC on a Sunday is already Monday in Copenhagen.
    expect(formatWeekdayDate(new Date("2026-06-28T23:30:00Z"), CPH)).toBe("Mon 29/06");
    expect(formatWeekdayDate(new Date("2026-06-28T23:30:00Z"), UTC)).toBe("Sun 28/06");
  });

  it("formats the date as DD/MM/YYYY", () => {
    expect(formatDate(evening, CPH)).toBe("22/11/2026");
    expect(formatDate(new Date("2026-01-05T08:05:09Z"), UTC)).toBe("05/01/2026");
  });

  it("formats the time as HH:mm", () => {
    expect(formatTime(evening, CPH)).toBe("22:00");
    expect(formatTime(new Date("2026-01-05T08:05:09Z"), UTC)).toBe("08:05");
    expect(formatTime(new Date("2026-01-04T23:00:00Z"), CPH)).toBe("00:00");
  });

  it("formats date-time as DD/MM/YYYY HH:mm", () => {
    expect(formatDateTime(evening, CPH)).toBe("22/11/2026 22:00");
  });

  it("uses the zone's calendar day, not UTC's", () => {
    const lateUtc = new Date("2026-11-22T23:30:00Z");
    expect(formatDateTime(lateUtc, UTC)).toBe("22/11/2026 23:30");
    expect(formatDateTime(lateUtc, CPH)).toBe("23/11/2026 00:30");
  });

  it("formats booked_at as YYYY-MM-DD HH:mm:ss", () => {
    expect(formatBookedAt(new Date("2026-01-05T08:05:09Z"), UTC)).toBe("2026-01-05 08:05:09");
    expect(formatBookedAt(new Date("2026-07-01T12:00:00Z"), CPH)).toBe("2026-07-01 14:00:00");
  });

  it("formats a shift range as start date-time – end time", () => {
    expect(formatRange(evening, new Date("2026-11-23T03:00:00Z"), CPH)).toBe(
      "22/11/2026 22:00 – 04:00",
    );
  });
});

describe("parseDate", () => {
  it("parses DD/MM/YYYY and D/M/YYYY as day/month/year", () => {
    expect(parseDate("22/11/2026")).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseDate("01/02/2026")).toEqual({ year: 2026, month: 2, day: 1 });
    expect(parseDate("1/2/2026")).toEqual({ year: 2026, month: 2, day: 1 });
    expect(parseDate(" 22/11/2026 ")).toEqual({ year: 2026, month: 11, day: 22 });
  });

  it("accepts 29/02 in a leap year only", () => {
    expect(parseDate("29/02/2028")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDate("29/02/2027")).toBeNull();
  });

  it.each(["31/02/2026", "31/04/2026", "32/01/2026", "00/01/2026", "01/00/2026", "01/13/2026"])(
    "rejects the impossible date %s",
    (value) => {
      expect(parseDate(value)).toBeNull();
    },
  );

  it.each([
    "",
    "abc",
    "2026-11-22",
    "22-11-2026",
    "22.11.2026",
    "22/11/26",
    "22/11/2026x",
    "22/11/2026 10:00",
    "111/1/2026",
  ])("rejects garbage %j", (value) => {
    expect(parseDate(value)).toBeNull();
  });
});

describe("parseTime", () => {
  it("parses the bounds 00:00 and 23:59", () => {
    expect(parseTime("00:00")).toEqual({ hour: 0, minute: 0 });
    expect(parseTime("23:59")).toEqual({ hour: 23, minute: 59 });
  });

  it("accepts a one-digit hour", () => {
    expect(parseTime("7:30")).toEqual({ hour: 7, minute: 30 });
  });

  it.each(["24:00", "12:60", "7:5", "123:00", "07:30:00", "", "ab:cd", "0730", "-1:00"])(
    "rejects %j",
    (value) => {
      expect(parseTime(value)).toBeNull();
    },
  );
});

describe("parseDateTime", () => {
  it("parses DD/MM/YYYY HH:mm", () => {
    expect(parseDateTime("22/11/2026 22:00")).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 22,
      minute: 0,
    });
    expect(parseDateTime("1/2/2026  7:30")).toEqual({
      year: 2026,
      month: 2,
      day: 1,
      hour: 7,
      minute: 30,
    });
  });

  it.each([
    "22/11/2026",
    "22:00",
    "22/11/2026 24:00",
    "31/02/2026 10:00",
    "22/11/2026 22:00 extra",
    "",
    "2026-11-22 22:00",
  ])("rejects %j", (value) => {
    expect(parseDateTime(value)).toBeNull();
  });
});

describe("TIME_OPTIONS (time picker, spec §9)", () => {
  it("has 48 entries from 00:00 to 23:30", () => {
    expect(TIME_OPTIONS).toHaveLength(48);
    expect(TIME_OPTIONS[0]).toBe("00:00");
    expect(TIME_OPTIONS[1]).toBe("00:30");
    expect(TIME_OPTIONS[47]).toBe("23:30");
  });

  it("steps by exactly 30 minutes and every entry parses", () => {
    const minutes = TIME_OPTIONS.map((t) => {
      const p = parseTime(t);
      expect(p, t).not.toBeNull();
      return p!.hour * 60 + p!.minute;
    });
    minutes.forEach((m, i) => expect(m).toBe(i * 30));
  });
});

describe("minutesToHours", () => {
  it("divides minutes by 60", () => {
    expect(minutesToHours(90)).toBe(1.5);
    expect(minutesToHours(480)).toBe(8);
  });
});

describe("isPastDate (spec §5 past-date helper)", () => {
  const today = { year: 2026, month: 11, day: 22 };
  const d = (year: number, month: number, day: number) => ({ year, month, day });

  describe('mode "today" (default)', () => {
    it("is true before today and false for today and later", () => {
      expect(isPastDate(d(2026, 11, 21), today)).toBe(true);
      expect(isPastDate(d(2026, 11, 22), today)).toBe(false);
      expect(isPastDate(d(2026, 11, 23), today)).toBe(false);
    });

    it("compares across month and year ends", () => {
      expect(isPastDate(d(2025, 12, 31), d(2026, 1, 1))).toBe(true);
      expect(isPastDate(d(2026, 10, 30), today)).toBe(true);
      expect(isPastDate(d(2027, 1, 1), d(2026, 12, 31))).toBe(false);
    });

    it("is also true when earlier than a later reference date DD/MM/YYYY", () => {
      expect(isPastDate(d(2026, 11, 24), today, "25/11/2026")).toBe(true);
      expect(isPastDate(d(2026, 11, 25), today, "25/11/2026")).toBe(false);
      expect(isPastDate(d(2026, 11, 26), today, "25/11/2026")).toBe(false);
    });

    it("still uses today when the reference date is earlier than today", () => {
      expect(isPastDate(d(2026, 11, 10), today, "01/11/2026")).toBe(true);
    });

    it("treats a null reference as none", () => {
      expect(isPastDate(d(2026, 11, 23), today, null)).toBe(false);
    });
  });

  describe('mode "reference"', () => {
    it("is false without a reference date, even for a long-past date", () => {
      expect(isPastDate(d(2000, 1, 1), today, undefined, "reference")).toBe(false);
      expect(isPastDate(d(2000, 1, 1), today, null, "reference")).toBe(false);
      expect(isPastDate(d(2000, 1, 1), today, "", "reference")).toBe(false);
    });

    it("compares only to the reference date", () => {
      expect(isPastDate(d(2026, 11, 24), today, "25/11/2026", "reference")).toBe(true);
      expect(isPastDate(d(2026, 11, 25), today, "25/11/2026", "reference")).toBe(false);
      // Earlier than today but not than the reference: not past in this mode.
      expect(isPastDate(d(2026, 11, 10), today, "01/11/2026", "reference")).toBe(false);
    });

    it("reads the reference as day/month, not month/day", () => {
      expect(isPastDate(d(2026, 1, 2), today, "01/02/2026", "reference")).toBe(true);
      expect(isPastDate(d(2026, 2, 1), today, "01/02/2026", "reference")).toBe(false);
    });
  });
});

describe("formatSpan", () => {
  const tz = "Europe/Copenhagen";
  it("shows one date and the hours for a shift within a day, overnight included", async () => {
    const { formatSpan } = await import("./format");
    expect(formatSpan(new Date("2026-12-01T07:00:00Z"), new Date("2026-12-01T15:00:00Z"), tz)).toBe(
      "01/12/2026 08:00–16:00",
    );
    expect(formatSpan(new Date("2026-12-01T21:00:00Z"), new Date("2026-12-02T03:00:00Z"), tz)).toBe(
      "01/12/2026 22:00–04:00",
    );
  });
  it("shows both dates and times for a job of a day and a half", async () => {
    const { formatSpan } = await import("./format");
    expect(formatSpan(new Date("2026-12-02T21:00:00Z"), new Date("2026-12-03T17:00:00Z"), tz)).toBe(
      "02/12/2026 22:00 – 03/12/2026 18:00",
    );
  });
  it("shows the first and last date for a job over several days", async () => {
    const { formatSpan } = await import("./format");
    expect(formatSpan(new Date("2026-12-01T07:00:00Z"), new Date("2026-12-03T15:00:00Z"), tz)).toBe(
      "01/12/2026 – 03/12/2026",
    );
  });
});

describe("durations and later end days (one way of writing them)", () => {
  it("writes hours and minutes", () => {
    expect(formatDuration(510)).toBe("8 h 30 min");
    expect(formatDuration(480)).toBe("8 h");
    expect(formatDuration(30)).toBe("30 min");
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(1440)).toBe("24 h");
    expect(formatDuration(-25)).toBe("−25 min");
    expect(formatDuration(29.6)).toBe("30 min");
  });

  it("writes decimal hours the same way", () => {
    expect(formatHours(8.5)).toBe("8 h 30 min");
    expect(formatHours(0.25)).toBe("15 min");
    expect(formatHours(7.75)).toBe("7 h 45 min");
  });

  it("writes a later end day as +1 day", () => {
    expect(formatDayOffset(0)).toBe("");
    expect(formatDayOffset(1)).toBe("+1 day");
    expect(formatDayOffset(2)).toBe("+2 days");
  });

  it("counts end days in the zone, not in UTC", () => {
    // 22:00 to 02:00 in Copenhagen (21:00Z to 01:00Z).
    const start = new Date("2026-11-22T21:00:00Z");
    const end = new Date("2026-11-23T01:00:00Z");
    expect(daysBetween(start, end, CPH)).toBe(1);
    expect(endDayOffset(start, end, CPH)).toBe("+1 day");
    expect(formatTimeRange(start, end, CPH)).toBe("22:00–02:00 (+1 day)");
    // 23:30Z to 23:45Z is the same day in UTC but crosses midnight in Copenhagen.
    const a = new Date("2026-11-22T22:30:00Z");
    const b = new Date("2026-11-22T22:45:00Z");
    expect(formatTimeRange(a, b, UTC)).toBe("22:30–22:45");
    expect(formatTimeRange(a, b, CPH)).toBe("23:30–23:45");
    expect(
      formatTimeRange(new Date("2026-11-22T22:30:00Z"), new Date("2026-11-22T23:15:00Z"), CPH),
    ).toBe("23:30–00:15 (+1 day)");
  });
});

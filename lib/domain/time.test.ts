import { describe, expect, it } from "vitest";
import {
  addDays,
  fromLocal,
  isoInZone,
  isValidTimeZone,
  offsetMinutes,
  shiftInstants,
  toLocal,
} from "./time";

const CPH = "Europe/Copenhagen";
const LON = "Europe/London";
const UTC = "UTC";
const HOUR = 3_600_000;

const utc = (iso: string) => new Date(iso);
const local = (year: number, month: number, day: number, hour: number, minute: number) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe("isValidTimeZone", () => {
  it("accepts IANA zones and rejects nonsense", () => {
    expect(isValidTimeZone(CPH)).toBe(true);
    expect(isValidTimeZone(UTC)).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("toLocal", () => {
  it("gives Copenhagen wall clock in winter (+1) and summer (+2)", () => {
    expect(toLocal(utc("2026-01-15T12:00:00Z"), CPH)).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 13,
      minute: 0,
      second: 0,
    });
    expect(toLocal(utc("2026-07-01T12:00:00Z"), CPH)).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 14,
      minute: 0,
      second: 0,
    });
  });

  it("gives London wall clock in winter (+0) and summer (+1)", () => {
    expect(toLocal(utc("2026-01-15T12:00:00Z"), LON)).toMatchObject({ hour: 12 });
    expect(toLocal(utc("2026-07-01T12:00:00Z"), LON)).toMatchObject({ hour: 13 });
  });

  it("reports midnight as hour 0, not 24, and rolls over the year", () => {
    expect(toLocal(utc("2025-12-31T23:30:00Z"), CPH)).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
      second: 0,
    });
  });

  it("keeps seconds and is the identity in UTC", () => {
    expect(toLocal(utc("2026-03-05T08:07:09Z"), UTC)).toEqual({
      year: 2026,
      month: 3,
      day: 5,
      hour: 8,
      minute: 7,
      second: 9,
    });
  });
});

describe("offsetMinutes", () => {
  it("is +60/+120 for Copenhagen, +0/+60 for London, 0 for UTC", () => {
    expect(offsetMinutes(utc("2026-01-15T12:00:00Z"), CPH)).toBe(60);
    expect(offsetMinutes(utc("2026-07-01T12:00:00Z"), CPH)).toBe(120);
    expect(offsetMinutes(utc("2026-01-15T12:00:00Z"), LON)).toBe(0);
    expect(offsetMinutes(utc("2026-07-01T12:00:00Z"), LON)).toBe(60);
    expect(offsetMinutes(utc("2026-07-01T12:00:00Z"), UTC)).toBe(0);
  });

  it("handles negative and half-hour zones", () => {
    expect(offsetMinutes(utc("2026-01-15T12:00:00Z"), "America/New_York")).toBe(-300);
    expect(offsetMinutes(utc("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(offsetMinutes(utc("2026-01-15T12:00:00Z"), "America/St_Johns")).toBe(-210);
  });

  it("switches exactly at 01:00 UTC on the EU change days of 2026", () => {
    expect(offsetMinutes(utc("2026-03-29T00:59:59Z"), CPH)).toBe(60);
    expect(offsetMinutes(utc("2026-03-29T01:00:00Z"), CPH)).toBe(120);
    expect(offsetMinutes(utc("2026-10-25T00:59:59Z"), CPH)).toBe(120);
    expect(offsetMinutes(utc("2026-10-25T01:00:00Z"), CPH)).toBe(60);
    expect(offsetMinutes(utc("2026-03-29T01:00:00Z"), LON)).toBe(60);
    expect(offsetMinutes(utc("2026-10-25T01:00:00Z"), LON)).toBe(0);
  });

  it("ignores milliseconds of the instant", () => {
    expect(offsetMinutes(utc("2026-07-01T12:00:00.999Z"), CPH)).toBe(120);
  });
});

describe("fromLocal", () => {
  it("converts ordinary winter and summer times in Copenhagen", () => {
    expect(fromLocal(local(2026, 11, 22, 22, 0), CPH).toISOString()).toBe(
      "2026-11-22T21:00:00.000Z",
    );
    expect(fromLocal(local(2026, 7, 1, 14, 0), CPH).toISOString()).toBe("2026-07-01T12:00:00.000Z");
  });

  it("converts ordinary times in London and is the identity in UTC", () => {
    expect(fromLocal(local(2026, 1, 15, 9, 30), LON).toISOString()).toBe(
      "2026-01-15T09:30:00.000Z",
    );
    expect(fromLocal(local(2026, 7, 1, 9, 30), LON).toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(fromLocal(local(2026, 3, 29, 2, 30), UTC).toISOString()).toBe(
      "2026-03-29T02:30:00.000Z",
    );
  });

  it("moves a time in the Copenhagen spring-forward gap (2026-03-29 02:30) forward by the gap, to 03:30 CEST", () => {
    const t = fromLocal(local(2026, 3, 29, 2, 30), CPH);
    expect(t.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(toLocal(t, CPH)).toMatchObject({ day: 29, hour: 3, minute: 30 });
  });

  it("moves a time in the London spring-forward gap (2026-03-29 01:30) to 02:30 BST", () => {
    const t = fromLocal(local(2026, 3, 29, 1, 30), LON);
    expect(t.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(toLocal(t, LON)).toMatchObject({ hour: 2, minute: 30 });
  });

  it("maps the times just around the Copenhagen changes to the right instants", () => {
    expect(fromLocal(local(2026, 3, 29, 1, 59), CPH).toISOString()).toBe(
      "2026-03-29T00:59:00.000Z",
    );
    expect(fromLocal(local(2026, 3, 29, 3, 0), CPH).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(fromLocal(local(2026, 10, 25, 1, 59), CPH).toISOString()).toBe(
      "2026-10-24T23:59:00.000Z",
    );
    expect(fromLocal(local(2026, 10, 25, 3, 0), CPH).toISOString()).toBe(
      "2026-10-25T02:00:00.000Z",
    );
  });

  it("takes the earlier instant in the Copenhagen autumn overlap (2026-10-25 02:30 → 00:30Z, CEST)", () => {
    expect(fromLocal(local(2026, 10, 25, 2, 30), CPH).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("takes the earlier instant for 02:00 at the start of the Copenhagen overlap (→ 00:00Z)", () => {
    expect(fromLocal(local(2026, 10, 25, 2, 0), CPH).toISOString()).toBe(
      "2026-10-25T00:00:00.000Z",
    );
  });

  it("takes the earlier instant in the London autumn overlap (2026-10-25 01:30 → 00:30Z, BST)", () => {
    expect(fromLocal(local(2026, 10, 25, 1, 30), LON).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("takes the earlier instant in the New York autumn overlap (2026-11-01 01:30 → 05:30Z, EDT)", () => {
    expect(fromLocal(local(2026, 11, 1, 1, 30), "America/New_York").toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });

  // The ambiguous autumn hour (both passes, 00:00Z–02:00Z) is covered by the tests above.
  it("round-trips every half hour of 2026 in Copenhagen outside the autumn overlap", () => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    const overlapFrom = Date.UTC(2026, 9, 25, 0, 0);
    const overlapTo = Date.UTC(2026, 9, 25, 2, 0);
    const mismatches: string[] = [];
    for (let t = start; t < end; t += HOUR / 2) {
      if (t >= overlapFrom && t < overlapTo) continue;
      const back = fromLocal(toLocal(new Date(t), CPH), CPH).getTime();
      if (back !== t) mismatches.push(new Date(t).toISOString());
    }
    expect(mismatches).toEqual([]);
    // 17,520 conversions: about a second alone, several on a machine busy with other suites.
  }, 30_000);
});

describe("isoInZone", () => {
  it("formats with the zone's offset: +01:00, +02:00, +00:00", () => {
    expect(isoInZone(utc("2026-11-22T21:00:00Z"), CPH)).toBe("2026-11-22T22:00:00+01:00");
    expect(isoInZone(utc("2026-07-01T12:00:00Z"), CPH)).toBe("2026-07-01T14:00:00+02:00");
    expect(isoInZone(utc("2026-01-15T12:00:00Z"), LON)).toBe("2026-01-15T12:00:00+00:00");
    expect(isoInZone(utc("2026-07-01T12:00:00Z"), LON)).toBe("2026-07-01T13:00:00+01:00");
    expect(isoInZone(utc("2026-07-01T12:00:00Z"), UTC)).toBe("2026-07-01T12:00:00+00:00");
  });

  it("keeps the seconds and switches offset at the DST minute, asked once or again (memoized)", () => {
    for (let i = 0; i < 2; i++) {
      expect(isoInZone(utc("2026-03-29T00:59:30Z"), CPH)).toBe("2026-03-29T01:59:30+01:00");
      expect(isoInZone(utc("2026-03-29T01:00:00Z"), CPH)).toBe("2026-03-29T03:00:00+02:00");
      expect(isoInZone(utc("2026-10-25T00:59:59Z"), CPH)).toBe("2026-10-25T02:59:59+02:00");
      expect(isoInZone(utc("2026-10-25T01:00:00Z"), CPH)).toBe("2026-10-25T02:00:00+01:00");
    }
  });

  it("formats negative and half-hour offsets", () => {
    expect(isoInZone(utc("2026-01-15T12:00:00Z"), "America/New_York")).toBe(
      "2026-01-15T07:00:00-05:00",
    );
    expect(isoInZone(utc("2026-01-01T00:00:00Z"), "America/St_Johns")).toBe(
      "2025-12-31T20:30:00-03:30",
    );
    expect(isoInZone(utc("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(
      "2026-01-15T17:30:00+05:30",
    );
  });

  it("tells apart the two 02:30s of the Copenhagen autumn overlap", () => {
    expect(isoInZone(utc("2026-10-25T00:30:00Z"), CPH)).toBe("2026-10-25T02:30:00+02:00");
    expect(isoInZone(utc("2026-10-25T01:30:00Z"), CPH)).toBe("2026-10-25T02:30:00+01:00");
  });

  it("writes every day's wall clock as Date does: leap days, century years, before 1970, a second's last millisecond", () => {
    const instants = [
      "1969-12-31T23:59:59.999Z",
      "1900-02-28T12:00:00Z",
      "1900-03-01T00:00:00Z",
      "2000-02-29T23:59:59Z",
      "2024-02-29T10:30:00Z",
      "2100-03-01T00:00:00Z",
      "9999-12-31T23:59:59Z",
    ].map((t) => Date.parse(t));
    // Every 7 h 13 min 17.5 s from 1950 to 2060: each month, day, hour and second in turn.
    for (let t = Date.parse("1950-01-01T00:00:00Z"); t < Date.parse("2060-01-01T00:00:00Z");)
      instants.push((t += 26_997_500));
    const wrong = instants.filter(
      (t) => isoInZone(new Date(t), UTC) !== `${new Date(t).toISOString().slice(0, 19)}+00:00`,
    );
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
    for (const zone of [CPH, "America/St_Johns", "Asia/Kolkata"])
      for (const t of instants.filter((_, i) => i % 97 === 0)) {
        const off = offsetMinutes(new Date(t), zone);
        const clock = new Date(Math.floor(t / 1000) * 1000 + off * 60_000)
          .toISOString()
          .slice(0, 19);
        expect(isoInZone(new Date(t), zone).slice(0, 19), `${t} in ${zone}`).toBe(clock);
      }
    // Outside years 1000-9999 the text is Date's fields, as before.
    expect(isoInZone(new Date(Date.UTC(999, 0, 1)), UTC)).toBe("999-01-01T00:00:00+00:00");
  });

  it("pads seconds and parses back to the same instant", () => {
    const d = utc("2026-03-05T08:07:09Z");
    const iso = isoInZone(d, CPH);
    expect(iso).toBe("2026-03-05T09:07:09+01:00");
    expect(new Date(iso).getTime()).toBe(d.getTime());
  });
});

describe("addDays", () => {
  it.each([
    [{ year: 2026, month: 1, day: 31 }, 1, { year: 2026, month: 2, day: 1 }],
    [{ year: 2026, month: 4, day: 30 }, 1, { year: 2026, month: 5, day: 1 }],
    [{ year: 2026, month: 12, day: 31 }, 1, { year: 2027, month: 1, day: 1 }],
    [{ year: 2028, month: 2, day: 28 }, 1, { year: 2028, month: 2, day: 29 }],
    [{ year: 2028, month: 2, day: 29 }, 1, { year: 2028, month: 3, day: 1 }],
    [{ year: 2027, month: 2, day: 28 }, 1, { year: 2027, month: 3, day: 1 }],
    [{ year: 2026, month: 1, day: 1 }, -1, { year: 2025, month: 12, day: 31 }],
    [{ year: 2028, month: 3, day: 1 }, -1, { year: 2028, month: 2, day: 29 }],
    [{ year: 2028, month: 1, day: 1 }, 365, { year: 2028, month: 12, day: 31 }],
    [{ year: 2026, month: 3, day: 28 }, 1, { year: 2026, month: 3, day: 29 }],
    [{ year: 2026, month: 6, day: 15 }, 0, { year: 2026, month: 6, day: 15 }],
  ])("%o + %i days = %o", (from, days, expected) => {
    expect(addDays(from, days)).toEqual(expected);
  });

  it("does not change its argument", () => {
    const d = { year: 2026, month: 12, day: 31 };
    addDays(d, 1);
    expect(d).toEqual({ year: 2026, month: 12, day: 31 });
  });
});

describe("shiftInstants", () => {
  const hours = (s: { start: Date; end: Date }) => (s.end.getTime() - s.start.getTime()) / HOUR;

  it("ends a 22:00–04:00 shift on the next day", () => {
    const s = shiftInstants(
      { year: 2026, month: 11, day: 22 },
      { hour: 22, minute: 0 },
      { hour: 4, minute: 0 },
      CPH,
    );
    expect(s.start.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(s.end.toISOString()).toBe("2026-11-23T03:00:00.000Z");
    expect(hours(s)).toBe(6);
  });

  it("keeps an 08:00–16:00 shift on the same day", () => {
    const s = shiftInstants(
      { year: 2026, month: 7, day: 1 },
      { hour: 8, minute: 0 },
      { hour: 16, minute: 0 },
      CPH,
    );
    expect(s.start.toISOString()).toBe("2026-07-01T06:00:00.000Z");
    expect(s.end.toISOString()).toBe("2026-07-01T14:00:00.000Z");
    expect(hours(s)).toBe(8);
  });

  it("makes equal start and end a 24-hour shift", () => {
    const s = shiftInstants(
      { year: 2026, month: 7, day: 1 },
      { hour: 8, minute: 0 },
      { hour: 8, minute: 0 },
      CPH,
    );
    expect(hours(s)).toBe(24);
    expect(toLocal(s.end, CPH)).toMatchObject({ day: 2, hour: 8, minute: 0 });
  });

  it("ends a shift finishing at 00:00 at midnight of the next day", () => {
    const s = shiftInstants(
      { year: 2026, month: 7, day: 1 },
      { hour: 16, minute: 0 },
      { hour: 0, minute: 0 },
      UTC,
    );
    expect(s.end.toISOString()).toBe("2026-07-02T00:00:00.000Z");
  });

  it("carries an overnight shift over the year end", () => {
    const s = shiftInstants(
      { year: 2026, month: 12, day: 31 },
      { hour: 22, minute: 0 },
      { hour: 4, minute: 0 },
      CPH,
    );
    expect(toLocal(s.end, CPH)).toMatchObject({ year: 2027, month: 1, day: 1, hour: 4 });
  });

  it("lasts 5 real hours for 22:00–04:00 on the Copenhagen spring-forward night", () => {
    const s = shiftInstants(
      { year: 2026, month: 3, day: 28 },
      { hour: 22, minute: 0 },
      { hour: 4, minute: 0 },
      CPH,
    );
    expect(s.start.toISOString()).toBe("2026-03-28T21:00:00.000Z");
    expect(s.end.toISOString()).toBe("2026-03-29T02:00:00.000Z");
    expect(hours(s)).toBe(5);
  });

  it("lasts 7 real hours for 22:00–04:00 on the Copenhagen autumn night", () => {
    const s = shiftInstants(
      { year: 2026, month: 10, day: 24 },
      { hour: 22, minute: 0 },
      { hour: 4, minute: 0 },
      CPH,
    );
    expect(s.start.toISOString()).toBe("2026-10-24T20:00:00.000Z");
    expect(s.end.toISOString()).toBe("2026-10-25T03:00:00.000Z");
    expect(hours(s)).toBe(7);
  });

  it("lasts 5 and 7 real hours for 20:00–02:00 on the London change nights", () => {
    const spring = shiftInstants(
      { year: 2026, month: 3, day: 28 },
      { hour: 20, minute: 0 },
      { hour: 2, minute: 0 },
      LON,
    );
    const autumn = shiftInstants(
      { year: 2026, month: 10, day: 24 },
      { hour: 20, minute: 0 },
      { hour: 2, minute: 0 },
      LON,
    );
    expect(hours(spring)).toBe(5);
    expect(hours(autumn)).toBe(7);
  });

  it("ends a shift at the first 02:30 of the Copenhagen autumn overlap (4.5 h)", () => {
    const s = shiftInstants(
      { year: 2026, month: 10, day: 24 },
      { hour: 22, minute: 0 },
      { hour: 2, minute: 30 },
      CPH,
    );
    expect(s.end.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(hours(s)).toBe(4.5);
  });
});

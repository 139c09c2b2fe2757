import { describe, expect, it } from "vitest";
import { isoInZone, offsetMinutes, toLocal } from "./time";

/**
 * The zone offsets toLocal reads once per UTC hour (lib/domain/time.ts `hourOffset`): held to
 * Intl itself, uncached, at every instant asked, around changes that fall on the UTC hour, in
 * its middle, by 30 minutes, and with seconds in the offset.
 */
const CPH = "Europe/Copenhagen";
const UTC = "UTC";

describe("toLocal's hourly offsets", () => {
  // Intl itself, uncached: what toLocal must agree with at every instant it is asked.
  const intl = (ms: number, timeZone: string) => {
    const l: Record<string, number> = {};
    const f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    for (const p of f.formatToParts(ms)) if (p.type !== "literal") l[p.type] = Number(p.value);
    return l;
  };

  it("agrees with Intl around every offset change, in zones changing on the half hour and by 30 minutes, and far back", () => {
    const cases: [string, string][] = [
      [CPH, "2026-03-29T01:00:00Z"], // spring forward, on the UTC hour
      [CPH, "2026-10-25T01:00:00Z"], // fall back
      ["America/St_Johns", "2026-03-08T05:30:00Z"], // -3:30: the change falls mid UTC hour
      ["America/St_Johns", "2026-11-01T04:30:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"], // a 30-minute change
      ["Australia/Lord_Howe", "2026-10-03T15:30:00Z"],
      ["Asia/Kathmandu", "1986-01-01T00:00:00Z"], // +5:30 → +5:45 in 1986
      ["Europe/Amsterdam", "1937-07-01T00:00:00Z"], // +0:19:32 → +0:20 (seconds in the offset)
      [UTC, "2026-06-01T00:00:00Z"],
    ];
    for (const [zone, at] of cases) {
      const t0 = Date.parse(at);
      // Every 7 minutes and 13 seconds from 3 hours before to 3 hours after, twice (the second
      // pass reads the hours the first one remembered).
      for (let pass = 0; pass < 2; pass++)
        for (let ms = t0 - 3 * 3_600_000; ms <= t0 + 3 * 3_600_000; ms += 433_000 + pass * 1_000)
          expect(toLocal(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(
            intl(ms, zone),
          );
    }
  });

  it("still refuses an invalid date", () => {
    expect(() => toLocal(new Date(Number.NaN), CPH)).toThrow(RangeError);
  });

  it("isoInZone and offsetMinutes read the same offsets (a mid-hour change: St John's, -3:30)", () => {
    const zone = "America/St_Johns";
    // 2026-03-08 02:00 NST (05:30 UTC) becomes 03:00 NDT: the UTC hour 05:00 holds the change.
    expect(isoInZone(new Date("2026-03-08T05:29:00Z"), zone)).toBe("2026-03-08T01:59:00-03:30");
    expect(isoInZone(new Date("2026-03-08T05:30:00Z"), zone)).toBe("2026-03-08T03:00:00-02:30");
    expect(offsetMinutes(new Date("2026-03-08T05:29:59Z"), zone)).toBe(-210);
    expect(offsetMinutes(new Date("2026-03-08T05:30:00Z"), zone)).toBe(-150);
  });
});

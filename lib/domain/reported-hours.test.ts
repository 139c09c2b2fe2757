import { describe, expect, it } from "vitest";
import { minutesAsHours, resolveReportedTimes } from "./reported-hours";

const TZ = "Europe/Copenhagen";
const shift = new Date("2026-11-20T21:00:00Z"); // 22:00 local

describe("resolveReportedTimes", () => {
  it("22:00–02:00 ends the next day", () => {
    const r = resolveReportedTimes("22:00", "02:00", shift, TZ);
    expect(r).toEqual({
      ok: true,
      start: new Date("2026-11-20T21:00:00Z"),
      end: new Date("2026-11-21T01:00:00Z"),
      minutes: 240,
    });
  });

  it("a bare start after midnight belongs to the next day when that is nearer the shift", () => {
    const r = resolveReportedTimes("00:15", "04:00", shift, TZ);
    expect(r.ok && r.start.toISOString()).toBe("2026-11-20T23:15:00.000Z");
  });

  it("takes full DD/MM/YYYY HH:mm values", () => {
    const r = resolveReportedTimes("20/11/2026 21:30", "21/11/2026 03:00", shift, TZ);
    expect(r.ok && r.minutes).toBe(330);
  });

  it("refuses bad formats, a start far from the shift and more than 24 hours", () => {
    expect(resolveReportedTimes("25:00", "02:00", shift, TZ)).toMatchObject({
      ok: false,
      field: "start",
    });
    expect(resolveReportedTimes("22:00", "2am", shift, TZ)).toMatchObject({
      ok: false,
      field: "end",
    });
    expect(resolveReportedTimes("10/11/2026 22:00", "23:00", shift, TZ)).toMatchObject({
      ok: false,
      message: "The start must be on the day of the shift.",
    });
    expect(resolveReportedTimes("20/11/2026 22:00", "22/11/2026 23:00", shift, TZ)).toMatchObject({
      ok: false,
      message: "A shift cannot be longer than 24 hours.",
    });
  });

  it("an end equal to the start is a full day", () => {
    const r = resolveReportedTimes("22:00", "22:00", shift, TZ);
    expect(r.ok && r.minutes).toBe(1440);
  });

  it("keeps wall-clock hours across the autumn DST change", () => {
    const dst = new Date("2026-10-24T20:00:00Z"); // 22:00 local, CEST
    const r = resolveReportedTimes("22:00", "06:00", dst, TZ);
    expect(r.ok && r.minutes).toBe(9 * 60); // the clock goes back one hour that night
  });

  it("hours as a decimal", () => {
    expect(minutesAsHours(270)).toBe(4.5);
  });
});

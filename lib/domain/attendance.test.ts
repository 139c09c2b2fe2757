import { describe, expect, it } from "vitest";
import {
  CHECK_OUT_UNDO_MINUTES,
  EARLY_CHECK_OUT_MINUTES,
  canUndoCheckOut,
  checkOutUndoUntil,
  checkTimesRefusal,
  earlyCheckOutQuestion,
  isEarlyCheckOut,
  placeCheckTime,
} from "./attendance";

const tz = "Europe/Copenhagen";
const MIN = 60_000;
// 16:00–21:00 Copenhagen on a winter day (UTC+1).
const shift = {
  startsAt: new Date("2026-11-24T15:00:00Z"),
  endsAt: new Date("2026-11-24T20:00:00Z"),
};
const at = (iso: string) => new Date(iso);

describe("early check-out", () => {
  it(`asks only more than ${EARLY_CHECK_OUT_MINUTES} minutes before the end, naming the end and now`, () => {
    const limit = new Date(shift.endsAt.getTime() - EARLY_CHECK_OUT_MINUTES * MIN);
    expect(isEarlyCheckOut(new Date(limit.getTime() - 1), shift.endsAt)).toBe(true);
    expect(isEarlyCheckOut(limit, shift.endsAt)).toBe(false);
    expect(isEarlyCheckOut(shift.endsAt, shift.endsAt)).toBe(false);
    expect(earlyCheckOutQuestion(at("2026-11-24T16:06:00Z"), shift.endsAt, tz)).toBe(
      "Your shift ends at 21:00. Check out now, at 17:06?",
    );
  });
});

describe("undo of a check-out", () => {
  it(`is open for ${CHECK_OUT_UNDO_MINUTES} minutes, not a moment longer`, () => {
    const out = at("2026-11-24T16:06:00Z");
    expect(checkOutUndoUntil(out).toISOString()).toBe("2026-11-24T16:16:00.000Z");
    expect(canUndoCheckOut(at("2026-11-24T16:15:59Z"), out)).toBe(true);
    expect(canUndoCheckOut(at("2026-11-24T16:16:00Z"), out)).toBe(false);
    expect(canUndoCheckOut(at("2026-11-24T16:10:00Z"), null)).toBe(false);
  });
});

describe("placeCheckTime", () => {
  it("reads HH:mm nearest the anchor, DD/MM/YYYY HH:mm and ISO with an offset; nothing else", () => {
    expect(placeCheckTime("15:55", shift.startsAt, tz)?.toISOString()).toBe(
      "2026-11-24T14:55:00.000Z",
    );
    // An overnight end anchor: 01:30 is the next morning.
    const lateEnd = at("2026-11-25T01:00:00Z"); // 02:00 on the 25th
    expect(placeCheckTime("01:30", lateEnd, tz)?.toISOString()).toBe("2026-11-25T00:30:00.000Z");
    expect(placeCheckTime("23:30", lateEnd, tz)?.toISOString()).toBe("2026-11-24T22:30:00.000Z");
    expect(placeCheckTime("24/11/2026 16:05", shift.startsAt, tz)?.toISOString()).toBe(
      "2026-11-24T15:05:00.000Z",
    );
    expect(placeCheckTime("2026-11-24T16:05:00+01:00", shift.startsAt, tz)?.toISOString()).toBe(
      "2026-11-24T15:05:00.000Z",
    );
    expect(placeCheckTime("2026-11-24T16:05:00", shift.startsAt, tz)).toBeNull();
    expect(placeCheckTime("25:99", shift.startsAt, tz)).toBeNull();
    expect(placeCheckTime("abc", shift.startsAt, tz)).toBeNull();
  });
});

describe("checkTimesRefusal", () => {
  const now = at("2026-11-25T09:00:00Z");
  const refuse = (checkIn: string | null, checkOut: string | null, when = now) =>
    checkTimesRefusal(
      { checkInAt: checkIn ? at(checkIn) : null, checkOutAt: checkOut ? at(checkOut) : null },
      shift,
      when,
      tz,
    );

  it("accepts times inside the windows, and no times at all", () => {
    expect(refuse("2026-11-24T09:00:00Z", "2026-11-24T20:00:00Z")).toBeNull();
    expect(refuse("2026-11-24T19:59:00Z", "2026-11-25T08:00:00Z")).toBeNull();
    expect(refuse(null, null)).toBeNull();
    expect(refuse("2026-11-24T15:00:00Z", null)).toBeNull();
  });

  it("names the field and the rule it breaks", () => {
    expect(refuse("2026-11-24T08:59:00Z", null)).toEqual({
      field: "check_in_at",
      message:
        "The check-in must be between 24/11/2026 10:00 and the end of the shift, 24/11/2026 21:00.",
    });
    expect(refuse("2026-11-24T20:01:00Z", null)?.field).toBe("check_in_at");
    expect(refuse("2026-11-24T15:00:00Z", null, at("2026-11-24T14:59:00Z"))).toEqual({
      field: "check_in_at",
      message: "The check-in cannot be later than now.",
    });
    expect(refuse(null, "2026-11-24T18:00:00Z")).toEqual({
      field: "check_out_at",
      message: "A check-out needs a check-in. Set both.",
    });
    expect(refuse("2026-11-24T15:00:00Z", "2026-11-24T15:00:00Z")?.message).toBe(
      "The check-out must be after the check-in.",
    );
    expect(refuse("2026-11-24T15:00:00Z", "2026-11-25T08:01:00Z")).toEqual({
      field: "check_out_at",
      message:
        "The check-out must be no later than 25/11/2026 09:00, 12 hours after the shift's end.",
    });
    expect(
      refuse("2026-11-24T15:00:00Z", "2026-11-24T18:00:00Z", at("2026-11-24T17:00:00Z")),
    ).toEqual({
      field: "check_out_at",
      message: "The check-out cannot be later than now.",
    });
  });
});

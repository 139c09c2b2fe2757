import { describe, expect, it } from "vitest";
import { NUMBER_ENTRY_ERROR, WHOLE_NUMBER_ERROR, countOf, readNumberEntry } from "./number-entry";

const hours = { min: 0.5, max: 24, unit: ["hour", "hours"] as const };
const positions = { min: 1, max: 500, integer: true, unit: ["position", "positions"] as const };

describe("a typed number against its range", () => {
  it("takes a number in range, with a dot or a comma", () => {
    expect(readNumberEntry("8", hours)).toEqual({ ok: true, value: 8 });
    expect(readNumberEntry(" 7.5 ", hours)).toEqual({ ok: true, value: 7.5 });
    expect(readNumberEntry("7,5", hours)).toEqual({ ok: true, value: 7.5 });
    expect(readNumberEntry("24", hours)).toEqual({ ok: true, value: 24 });
    expect(readNumberEntry("0.5", hours)).toEqual({ ok: true, value: 0.5 });
  });

  it("says why a number out of range is not taken", () => {
    expect(readNumberEntry("30", hours)).toEqual({ ok: false, message: "At most 24 hours" });
    expect(readNumberEntry("0", hours)).toEqual({ ok: false, message: "At least 0.5 hours" });
    expect(readNumberEntry("-2", hours)).toEqual({ ok: false, message: "At least 0.5 hours" });
    expect(readNumberEntry("0", positions)).toEqual({ ok: false, message: "At least 1 position" });
    expect(readNumberEntry("501", positions)).toEqual({
      ok: false,
      message: "At most 500 positions",
    });
  });

  it("names a non-number and a fraction where whole numbers are asked", () => {
    expect(readNumberEntry("abc", hours)).toEqual({ ok: false, message: NUMBER_ENTRY_ERROR });
    expect(readNumberEntry("1e3", hours)).toEqual({ ok: false, message: NUMBER_ENTRY_ERROR });
    expect(readNumberEntry("2.5", positions)).toEqual({ ok: false, message: WHOLE_NUMBER_ERROR });
    expect(readNumberEntry("x", positions)).toEqual({ ok: false, message: WHOLE_NUMBER_ERROR });
  });

  it("reads nothing typed as nothing, not as zero", () => {
    expect(readNumberEntry("", hours)).toEqual({ ok: null });
    expect(readNumberEntry("   ", hours)).toEqual({ ok: null });
  });

  it("counts with the unit's singular and plural, or a bare number without one", () => {
    expect(countOf(1, ["hour", "hours"])).toBe("1 hour");
    expect(countOf(24, ["hour", "hours"])).toBe("24 hours");
    expect(countOf(3)).toBe("3");
    expect(readNumberEntry("9", { max: 5 })).toEqual({ ok: false, message: "At most 5" });
  });
});

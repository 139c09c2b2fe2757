import { describe, expect, it } from "vitest";
import { decimalHours, formatDecimalHours, unpaidSummary, withoutRateNote } from "./earnings";

describe("earnings wording", () => {
  it("writes minutes as decimal hours", () => {
    expect(decimalHours(1410)).toBe(23.5);
    expect(decimalHours(20)).toBe(0.33);
    expect(formatDecimalHours(1410)).toBe("23.5 h");
    expect(formatDecimalHours(600)).toBe("10 h");
    expect(formatDecimalHours(75_015)).toBe("1,250.25 h");
    expect(formatDecimalHours(0)).toBe("0 h");
  });

  it("names each currency on its own, never a sum across currencies", () => {
    expect(unpaidSummary(1410, [{ currency_code: "DKK", amount: 324_000 }])).toBe(
      "23.5 h · 3,240.00 DKK",
    );
    expect(
      unpaidSummary(1410, [
        { currency_code: "DKK", amount: 324_000 },
        { currency_code: "SEK", amount: 120_000 },
      ]),
    ).toBe("23.5 h · 3,240.00 DKK · 1,200.00 SEK");
    expect(unpaidSummary(240, [])).toBe("4 h");
  });

  it("says how many hours have no rate yet", () => {
    expect(withoutRateNote(240)).toBe("4 h without a rate yet");
    expect(withoutRateNote(90)).toBe("1.5 h without a rate yet");
    expect(withoutRateNote(0)).toBeNull();
  });
});

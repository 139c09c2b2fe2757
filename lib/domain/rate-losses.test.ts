import { describe, expect, it } from "vitest";
import { payLosses, rateLosses, rateLossQuestion } from "./rate-losses";

const row = (
  standard_price: number | null,
  weekend_price: number | null,
  night_price: number | null,
  rate_worker: number | null,
) => ({ standard_price, weekend_price, night_price, rate_worker });

describe("rateLosses", () => {
  it("finds worker pay above a price and a weekend price below standard (the issue's card)", () => {
    expect(rateLosses(row(30000, 20000, null, 35000), 2)).toEqual([
      {
        field: "rate_worker",
        message:
          "The worker pay (350.00) is above the standard price (300.00) and the weekend and holiday price (200.00).",
      },
      {
        field: "weekend_price",
        message: "The weekend and holiday price (200.00) is below the standard price (300.00).",
      },
    ]);
  });

  it("finds a night price below standard, and worker pay above the night price only", () => {
    expect(rateLosses(row(30000, 36000, 25000, 28000), 2)).toEqual([
      {
        field: "rate_worker",
        message: "The worker pay (280.00) is above the night price (250.00).",
      },
      {
        field: "night_price",
        message: "The night price (250.00) is below the standard price (300.00).",
      },
    ]);
  });

  it("is quiet for a sound row, equal prices, an empty row or a row without worker pay", () => {
    expect(rateLosses(row(30000, 36000, 40000, 20000), 2)).toEqual([]);
    expect(rateLosses(row(30000, 30000, 30000, 30000), 2)).toEqual([]);
    expect(rateLosses(row(null, null, null, null), 2)).toEqual([]);
    expect(rateLosses(row(30000, null, null, null), 2)).toEqual([]);
  });

  it("formats in the currency's minor units", () => {
    expect(rateLosses(row(300, null, null, 350), 0)[0].message).toBe(
      "The worker pay (350) is above the standard price (300).",
    );
  });
});

describe("rateLossQuestion", () => {
  it("names each row and asks once", () => {
    const one = [
      {
        skill_id: 1,
        skill_name: "Stagehand",
        losses: rateLosses(row(30000, 20000, null, null), 2),
      },
    ];
    expect(rateLossQuestion(one)).toBe(
      "This rate loses money. Stagehand: The weekend and holiday price (200.00) is below the standard price (300.00). Save anyway?",
    );
    const two = [...one, { ...one[0], skill_id: 2, skill_name: "Rigger" }];
    expect(rateLossQuestion(two)).toMatch(
      /^2 rates lose money\. Stagehand: .* Rigger: .* Save anyway\?$/,
    );
  });
});

describe("payLosses", () => {
  const price = { standard: 30000, weekend: 40000, night: null };
  it("finds pay above the client's price band by band, an unset band taking the standard", () => {
    expect(
      payLosses({ amount: 32000, weekend_amount: null, night_amount: 35000 }, price, 2),
    ).toEqual([
      {
        field: "amount",
        message: "The standard pay (320.00) is above the client's standard price (300.00).",
      },
      {
        field: "night_amount",
        message: "The night pay (350.00) is above the client's night price (300.00).",
      },
    ]);
    expect(
      payLosses({ amount: 25000, weekend_amount: 45000, night_amount: null }, price, 2),
    ).toEqual([
      {
        field: "weekend_amount",
        message:
          "The weekend and holiday pay (450.00) is above the client's weekend and holiday price (400.00).",
      },
    ]);
  });

  it("is quiet without a price, for an empty row, or for pay at the price", () => {
    expect(
      payLosses({ amount: 99999, weekend_amount: null, night_amount: null }, undefined, 2),
    ).toEqual([]);
    expect(payLosses({ amount: null, weekend_amount: null, night_amount: null }, price, 2)).toEqual(
      [],
    );
    expect(
      payLosses({ amount: 30000, weekend_amount: 40000, night_amount: null }, price, 2),
    ).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { derivedQuoteStatus, middleBreak, quoteActions, quoteNumber, quoteTotals } from "./quotes";

describe("quoteNumber", () => {
  it("pads the sequence to four digits and adds -R<n> above revision 1", () => {
    expect(quoteNumber({ year: 2027, sequence: 1, revision: 1 })).toBe("Q-2027-0001");
    expect(quoteNumber({ year: 2027, sequence: 1, revision: 2 })).toBe("Q-2027-0001-R2");
    expect(quoteNumber({ year: 2026, sequence: 345, revision: 11 })).toBe("Q-2026-0345-R11");
    expect(quoteNumber({ year: 2027, sequence: 12345, revision: 1 })).toBe("Q-2027-12345");
  });
});

describe("quoteTotals", () => {
  it("adds lines and costs, takes a percent discount, then VAT on the discounted subtotal", () => {
    expect(
      quoteTotals({
        lines: [100000, 50000],
        costs: [25000],
        discount: { kind: "percent", value: 1000 },
        vatBasisPoints: 2500,
      }),
    ).toEqual({
      lines: 150000,
      costs: 25000,
      subtotal: 175000,
      discount: 17500,
      net: 157500,
      vat: 39375,
      total: 196875,
    });
  });

  it("rounds the discount and VAT once, half-up", () => {
    // 1 % of 50 = 0.5 → 1; 25 % of 49 = 12.25 → 12; 12.5 % of 49 = 6.125 → 6; of 4 = 0.5 → 1
    expect(
      quoteTotals({
        lines: [50],
        costs: [],
        discount: { kind: "percent", value: 100 },
        vatBasisPoints: null,
      }).discount,
    ).toBe(1);
    expect(quoteTotals({ lines: [49], costs: [], discount: null, vatBasisPoints: 2500 }).vat).toBe(
      12,
    );
    expect(quoteTotals({ lines: [4], costs: [], discount: null, vatBasisPoints: 1250 }).vat).toBe(
      1,
    );
    expect(quoteTotals({ lines: [3], costs: [], discount: null, vatBasisPoints: 1250 }).vat).toBe(
      0,
    );
  });

  it("never discounts more than the subtotal", () => {
    const t = quoteTotals({
      lines: [1000],
      costs: [500],
      discount: { kind: "amount", value: 9999 },
      vatBasisPoints: 2500,
    });
    expect(t).toMatchObject({ subtotal: 1500, discount: 1500, net: 0, vat: 0, total: 0 });
    expect(
      quoteTotals({
        lines: [1000],
        costs: [],
        discount: { kind: "percent", value: 20000 },
        vatBasisPoints: null,
      }).discount,
    ).toBe(1000);
  });

  it("without discount or VAT the total is the subtotal", () => {
    expect(quoteTotals({ lines: [], costs: [], discount: null, vatBasisPoints: null }).total).toBe(
      0,
    );
    expect(
      quoteTotals({
        lines: [7],
        costs: [3],
        discount: { kind: "amount", value: 0 },
        vatBasisPoints: 0,
      }),
    ).toMatchObject({ subtotal: 10, discount: 0, vat: 0, total: 10 });
  });
});

describe("derivedQuoteStatus", () => {
  it("reads a Draft or Sent quote past its validity as Expired", () => {
    expect(derivedQuoteStatus({ status: "Sent", validUntil: "2027-03-01" }, "2027-03-02")).toBe(
      "Expired",
    );
    expect(derivedQuoteStatus({ status: "Draft", validUntil: "2027-03-01" }, "2027-03-02")).toBe(
      "Expired",
    );
  });
  it("keeps the validity day itself valid", () => {
    expect(derivedQuoteStatus({ status: "Sent", validUntil: "2027-03-01" }, "2027-03-01")).toBe(
      "Sent",
    );
  });
  it("never expires a decided quote", () => {
    expect(derivedQuoteStatus({ status: "Accepted", validUntil: "2020-01-01" }, "2027-03-02")).toBe(
      "Accepted",
    );
    expect(derivedQuoteStatus({ status: "Declined", validUntil: "2020-01-01" }, "2027-03-02")).toBe(
      "Declined",
    );
  });
});

describe("quoteActions", () => {
  it("allows send on Draft only, decide on Sent only, convert once on Accepted", () => {
    expect(quoteActions("Draft", false)).toMatchObject({
      send: true,
      decide: false,
      edit: true,
      editMakesRevision: false,
    });
    expect(quoteActions("Expired", false)).toMatchObject({
      send: false,
      decide: false,
      editMakesRevision: true,
    });
    expect(quoteActions("Sent", false)).toMatchObject({
      send: false,
      decide: true,
      editMakesRevision: true,
    });
    expect(quoteActions("Accepted", false)).toMatchObject({ edit: false, convert: true });
    expect(quoteActions("Accepted", true).convert).toBe(false);
  });
});

describe("middleBreak", () => {
  const at = (iso: string) => new Date(iso);
  it("puts the break in the middle of the shift", () => {
    expect(middleBreak(at("2027-01-01T08:00:00Z"), at("2027-01-01T16:00:00Z"), 30)).toEqual({
      start: at("2027-01-01T11:45:00Z"),
      end: at("2027-01-01T12:15:00Z"),
    });
  });
  it("is none for 0 minutes and never longer than the shift", () => {
    expect(middleBreak(at("2027-01-01T08:00:00Z"), at("2027-01-01T09:00:00Z"), 0)).toBeNull();
    expect(middleBreak(at("2027-01-01T08:00:00Z"), at("2027-01-01T09:00:00Z"), 90)).toEqual({
      start: at("2027-01-01T08:00:00Z"),
      end: at("2027-01-01T09:00:00Z"),
    });
  });
});

import { describe, expect, it } from "vitest";
import { amountInput, formatAmount, formatMoney, minorUnitsOf, parseAmount } from "./money";

describe("formatMoney", () => {
  it("writes minor units with grouping, the currency's decimals and its code", () => {
    expect(formatMoney(125050, "DKK")).toBe("1,250.50 DKK");
    expect(formatMoney(5, "EUR")).toBe("0.05 EUR");
    expect(formatMoney(-120000, "SEK")).toBe("-1,200.00 SEK");
    expect(formatMoney(1500, "JPY")).toBe("1,500 JPY");
    expect(formatMoney(1234567, "KWD")).toBe("1,234.567 KWD");
    expect(formatMoney(0, "DKK")).toBe("0.00 DKK");
  });
  it("knows the minor units of a currency", () => {
    expect(minorUnitsOf("DKK")).toBe(2);
    expect(minorUnitsOf("JPY")).toBe(0);
    expect(minorUnitsOf("KWD")).toBe(3);
  });
  it("formats for editing without grouping, empty for none", () => {
    expect(amountInput(125050, 2)).toBe("1250.50");
    expect(amountInput(null, 2)).toBe("");
    expect(formatAmount(100000000, 2)).toBe("1,000,000.00");
  });
});

describe("parseAmount", () => {
  it.each([
    ["1250", 125000],
    ["1250.5", 125050],
    ["1250,50", 125050],
    ["1 250,50", 125050],
    ["1,250.50", 125050],
    ["1.250,50", 125050],
    ["1.250", 125000],
    ["12.345", 1234500],
    ["1.250", 125000],
    ["12.345", 1234500],
    ["0.05", 5],
    [",5", 50],
    ["-12.00", -1200],
    [" 300 ", 30000],
  ])("reads %j as %i minor units", (text, minor) => {
    expect(parseAmount(text, 2)).toBe(minor);
  });
  it.each([
    "",
    "abc",
    "12.3456",
    "1,25,0",
    "1.2.3",
    "12,3,4",
    "1e5",
    "--1",
    "12.3x",
    "99999999999999999999",
  ])("refuses %j", (text) => {
    expect(parseAmount(text, 2)).toBeNull();
  });
  it("follows the currency's decimals", () => {
    expect(parseAmount("1500", 0)).toBe(1500);
    expect(parseAmount("15.5", 0)).toBeNull();
    expect(parseAmount("1.250", 3)).toBe(1250);
  });
});

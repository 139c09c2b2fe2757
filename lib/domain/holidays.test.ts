import { describe, expect, it } from "vitest";
import { holidayCheck, publicHolidays } from "./holidays";

describe("publicHolidays", () => {
  it("lists the ten Danish public holidays of 2026, as local dates", () => {
    // Store Bededag was abolished from 2024; Juleaftensdag, Grundlovsdag, 1. maj and
    // Fastelavn are observances, not public holidays.
    expect([...publicHolidays("DK", 2026)].sort()).toEqual([
      "2026-01-01", // Nytårsdag
      "2026-04-02", // Skærtorsdag
      "2026-04-03", // Langfredag
      "2026-04-05", // Påskedag
      "2026-04-06", // Anden påskedag
      "2026-05-14", // Kristi Himmelfartsdag
      "2026-05-24", // Pinsedag
      "2026-05-25", // Anden pinsedag
      "2026-12-25", // Juledag
      "2026-12-26", // Anden juledag
    ]);
  });

  it("follows the year (Easter moves)", () => {
    const dk2027 = publicHolidays("DK", 2027);
    expect(dk2027.size).toBe(10);
    expect(dk2027.has("2027-03-26")).toBe(true); // Langfredag 2027
    expect(dk2027.has("2026-04-03")).toBe(false);
  });

  it("reads the country code case-insensitively and memoizes per country and year", () => {
    expect(publicHolidays("dk", 2026)).toBe(publicHolidays("DK", 2026));
    expect(publicHolidays(" DK ", 2026)).toBe(publicHolidays("DK", 2026));
    expect(publicHolidays("DK", 2026)).not.toBe(publicHolidays("DK", 2027));
  });

  it("knows other countries' public holidays", () => {
    const se = publicHolidays("SE", 2026);
    expect(se.has("2026-06-06")).toBe(true); // Sveriges nationaldag
    expect(se.has("2026-06-05")).toBe(false); // the Danish Grundlovsdag is not Swedish
    expect(publicHolidays("DE", 2026).has("2026-10-03")).toBe(true); // Tag der Deutschen Einheit
  });

  it("has no holidays for an unknown or malformed country code, without throwing", () => {
    for (const code of ["ZZ", "", "1", "DNK", "D K", "DK-??"]) {
      expect(publicHolidays(code, 2026).size).toBe(0);
    }
    expect(publicHolidays("DK", Number.NaN).size).toBe(0);
  });
});

describe("holidayCheck", () => {
  it("answers the engine's question for a local date", () => {
    const dk = holidayCheck("DK");
    expect(dk("2026-12-25")).toBe(true);
    expect(dk("2026-04-03")).toBe(true);
    expect(dk("2026-12-24")).toBe(false);
    expect(dk("2026-11-25")).toBe(false);
    expect(dk("2027-01-01")).toBe(true); // another year is looked up on demand
  });

  it("is never a holiday for an unknown country or a date that is not a date", () => {
    const unknown = holidayCheck("XX");
    expect(unknown("2026-12-25")).toBe(false);
    expect(unknown("2026-01-01")).toBe(false);
    expect(holidayCheck("DK")("not a date")).toBe(false);
  });
});

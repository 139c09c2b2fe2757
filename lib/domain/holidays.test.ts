import { describe, expect, it, vi } from "vitest";
import {
  holidayCalendar,
  holidayCheck,
  holidayRegionOf,
  holidayRegions,
  holidayRuleProblem,
  knownExtraDays,
  nextRuleDate,
  normalizeHolidayRule,
  publicHolidays,
  ruleDates,
} from "./holidays";

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

describe("regions (issue 21)", () => {
  it("lists the regions date-holidays knows for a country, with their country's code", () => {
    expect(holidayRegions("GB")).toEqual([
      { code: "GB-ALD", name: "Alderney" },
      { code: "GB-ENG", name: "England" },
      { code: "GB-NIR", name: "Northern Ireland" },
      { code: "GB-SCT", name: "Scotland" },
      { code: "GB-WLS", name: "Wales" },
    ]);
    expect(holidayRegions("de").map((r) => r.code)).toContain("DE-BY");
    expect(holidayRegions("DE")).toHaveLength(16);
    // Denmark, Sweden and Norway have no regions; nor has an unknown code.
    for (const code of ["DK", "SE", "NO", "XX", "", "GB-ENG"])
      expect(holidayRegions(code)).toEqual([]);
  });

  it("finds a region only in its own country", () => {
    expect(holidayRegionOf("GB", " gb-eng ")).toEqual({ code: "GB-ENG", name: "England" });
    expect(holidayRegionOf("DE", "GB-ENG")).toBeNull();
    expect(holidayRegionOf("GB", "ENG")).toBeNull();
    expect(holidayRegionOf("GB", "GB-XYZ")).toBeNull();
  });

  it("counts England's summer bank holiday in England, not in Scotland nor for Britain as a whole", () => {
    // Monday 30 August 2027 (last Monday of August); Scotland's is Monday 2 August.
    const england = holidayCalendar({ country: "GB", region: "GB-ENG", rules: [] });
    const scotland = holidayCalendar({ country: "GB", region: "GB-SCT", rules: [] });
    const national = holidayCalendar({ country: "GB", region: null, rules: [] });
    expect(england("2027-08-30")).toBe(true);
    expect(scotland("2027-08-30")).toBe(false);
    expect(national("2027-08-30")).toBe(false);
    expect(scotland("2027-08-02")).toBe(true);
    expect(england("2027-08-02")).toBe(false);
    // Easter Monday is English, not Scottish; Christmas Day is everyone's.
    expect(england("2027-03-29")).toBe(true);
    expect(scotland("2027-03-29")).toBe(false);
    for (const c of [england, scotland, national]) expect(c("2027-12-25")).toBe(true);
  });

  it("counts Bavarian state holidays for DE-BY, not for DE-BE", () => {
    const bavaria = holidayCalendar({ country: "DE", region: "DE-BY", rules: [] });
    const berlin = holidayCalendar({ country: "DE", region: "DE-BE", rules: [] });
    // Fronleichnam (Thursday 27 May 2027), Heilige Drei Könige, Allerheiligen.
    for (const date of ["2027-05-27", "2027-01-06", "2027-11-01"]) {
      expect(bavaria(date)).toBe(true);
      expect(berlin(date)).toBe(false);
    }
    // Berlin's Internationaler Frauentag is Berlin's alone.
    expect(berlin("2027-03-08")).toBe(true);
    expect(bavaria("2027-03-08")).toBe(false);
    // Mariä Himmelfahrt is a holiday only in Bavaria's Catholic municipalities, so
    // date-holidays marks it an observance for the state: it counts once the agency adds it.
    expect(bavaria("2027-08-16")).toBe(false);
    expect(bavaria("2026-08-15")).toBe(false);
    const withAssumption = holidayCalendar({ country: "DE", region: "DE-BY", rules: ["08-15"] });
    expect(withAssumption("2026-08-15")).toBe(true);
  });

  it("falls back to national holidays for a region of another country or an unknown one", () => {
    for (const region of ["DE-BY", "GB-XYZ", "nonsense"]) {
      const gb = holidayCalendar({ country: "GB", region, rules: [] });
      expect(gb("2027-08-30")).toBe(false);
      expect(gb("2027-12-25")).toBe(true);
    }
  });
});

describe("the agency's extra days (issue 21)", () => {
  it("prices Grundlovsdag and Midsommarafton only once the agency adds them", () => {
    // Friday 5 June 2026; Midsommarafton is the Friday between 19 and 25 June (19/06/2026).
    const dk = holidayCalendar({ country: "DK", region: null, rules: [] });
    const se = holidayCalendar({ country: "SE", region: null, rules: [] });
    expect(dk("2026-06-05")).toBe(false);
    expect(se("2026-06-19")).toBe(false);
    expect(se("2027-06-25")).toBe(false);
    const dkAgency = holidayCalendar({ country: "DK", region: null, rules: ["06-05"] });
    const seAgency = holidayCalendar({
      country: "SE",
      region: null,
      rules: ["friday after 06-19"],
    });
    expect(dkAgency("2026-06-05")).toBe(true);
    expect(dkAgency("2027-06-05")).toBe(true);
    expect(seAgency("2026-06-19")).toBe(true);
    expect(seAgency("2027-06-25")).toBe(true);
    expect(seAgency("2027-06-18")).toBe(false);
    // The public holidays stay, and one country's extra days are not another's.
    expect(dkAgency("2026-12-25")).toBe(true);
    expect(dkAgency("2026-06-19")).toBe(false);
  });

  it("counts every date of a multi-day rule, also into the next year", () => {
    const c = holidayCalendar({ country: "DK", region: null, rules: ["12-30 P3D"] });
    expect(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"].map(c)).toEqual([
      true,
      true,
      true, // Nytårsdag anyway
      false,
    ]);
    expect(c("2027-01-01")).toBe(true);
    const eve = holidayCalendar({ country: "SE", region: null, rules: ["12-31 P2D"] });
    expect(eve("2027-01-01")).toBe(true);
    expect(eve("2027-01-02")).toBe(false);
  });

  it("offers the country's non-public days date-holidays knows, with rule, names and type", () => {
    const dk = knownExtraDays("DK", 2026);
    expect(dk).toContainEqual({
      rule: "06-05",
      name: "Grundlovsdag",
      english: "Constitution Day",
      type: "observance",
    });
    expect(dk.map((d) => d.rule)).not.toContain("12-25");
    const se = knownExtraDays("SE", 2026);
    expect(se).toContainEqual({
      rule: "friday after 06-19",
      name: "Midsommarafton",
      english: "Midsummer Eve",
      type: "bank",
    });
    expect(se.every((d) => d.type !== "public")).toBe(true);
    expect(new Set(se.map((d) => d.rule)).size).toBe(se.length);
    expect(knownExtraDays("XX", 2026)).toEqual([]);
  });

  it("reads what people type: DD/MM/YYYY is one day, DD/MM every year", () => {
    expect(normalizeHolidayRule("  05/06/2027 ")).toBe("2027-06-05");
    expect(normalizeHolidayRule("5/6")).toBe("06-05");
    expect(normalizeHolidayRule("friday   after 06-19")).toBe("friday after 06-19");
    expect(normalizeHolidayRule("06-05")).toBe("06-05");
  });

  it("accepts only rules date-holidays reads, of real dates, giving a day in the next ten years", () => {
    for (const ok of [
      "06-05",
      "friday after 06-19",
      "2028-02-29",
      "02-29",
      "easter 60",
      "12-24 14:00",
    ])
      expect(holidayRuleProblem(ok, 2026)).toBeNull();
    expect(holidayRuleProblem("", 2026)).toBe("The rule field is required.");
    expect(holidayRuleProblem("x".repeat(101), 2026)).toBe(
      "The rule may be at most 100 characters.",
    );
    expect(holidayRuleProblem("06-31", 2026)).toBe("06-31 is not a date.");
    expect(holidayRuleProblem("13-45", 2026)).toBe("13-45 is not a date.");
    expect(holidayRuleProblem("2027-02-29", 2026)).toBe("2027-02-29 is not a date.");
    expect(holidayRuleProblem("bogus", 2026)).toMatch(/^date-holidays cannot read this rule/);
    expect(holidayRuleProblem("friday", 2026)).toMatch(/^date-holidays cannot read this rule/);
    expect(holidayRuleProblem("2020-06-05", 2026)).toBe(
      "This rule gives no day between 2026 and 2036.",
    );
    expect(holidayRuleProblem("06-05 since 2040", 2026)).toBe(
      "This rule gives no day between 2026 and 2036.",
    );
  });

  it("reads a rule date-holidays cannot parse without writing to the console", () => {
    const spy = vi.spyOn(console, "error");
    expect(ruleDates("no such rule at all", 2026).size).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("finds a rule's next date", () => {
    expect(nextRuleDate("06-05", "2026-06-05")).toBe("2026-06-05");
    expect(nextRuleDate("06-05", "2026-06-06")).toBe("2027-06-05");
    expect(nextRuleDate("friday after 06-19", "2026-07-01")).toBe("2027-06-25");
    expect(nextRuleDate("2026-06-04", "2026-07-01")).toBeNull();
  });

  it("memoizes per country or region and year, and per rule and year", () => {
    expect(publicHolidays("GB-ENG", 2027)).toBe(publicHolidays("gb-eng", 2027));
    expect(ruleDates("06-05", 2027)).toBe(ruleDates("06-05", 2027));
  });
});

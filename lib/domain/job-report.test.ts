import { describe, expect, it } from "vitest";
import {
  bandPrices,
  jobReportFileName,
  lineAmount,
  safeFileNamePart,
  totalsByCurrency,
} from "./job-report";

describe("the job report's file name", () => {
  it("is <date>_<company>_<job name>.xlsx with the job's first day in its zone", () => {
    // 23:30 UTC on 31/12 is already 01/01 in Copenhagen.
    expect(
      jobReportFileName(
        new Date("2026-12-31T23:30:00Z"),
        "Europe/Copenhagen",
        "Nordlys A/S",
        "Gala: build & strike",
      ),
    ).toBe("2027-01-01_Nordlys A_S_Gala_ build & strike.xlsx");
  });

  it("keeps letters of any script and drops what a file system refuses", () => {
    expect(safeFileNamePart('Ærø "Fest" <2026>?*|\\')).toBe("Ærø _Fest_ _2026");
    expect(safeFileNamePart("  ..hidden  ")).toBe("hidden");
    expect(safeFileNamePart("a\u0000b\nc")).toBe("a_b_c");
    expect(safeFileNamePart("x".repeat(200))).toHaveLength(80);
  });

  it("has no date part for a job without shifts, and a fallback for an empty name", () => {
    expect(jobReportFileName(null, "Europe/Oslo", "Co", "Job")).toBe("Co_Job.xlsx");
    expect(jobReportFileName(null, "Europe/Oslo", "///", "")).toBe("job-report.xlsx");
  });
});

describe("pricing a report line", () => {
  const rate = {
    standard: 30000,
    weekend: 40000,
    night: null,
    nightStart: "22:00",
    nightEnd: "06:00",
  };

  it("prices an absent band at the standard price", () => {
    expect(bandPrices(rate)).toEqual({ standard: 30000, weekend: 40000, night: 30000 });
  });

  it("rounds the exact minutes × price once, half-up", () => {
    // 7 min standard at 300.00/h = 35.00; 1 min weekend at 400.00/h = 6.666… → 41.67 in all.
    expect(lineAmount({ standard: 7, weekend: 1, night: 0 }, rate)).toBe(4167);
  });

  it("totals per currency, never across", () => {
    expect(
      totalsByCurrency([
        { currency: "DKK", amount: 100 },
        { currency: "EUR", amount: 5 },
        { currency: "DKK", amount: 20 },
      ]),
    ).toEqual([
      { currency: "DKK", amount: 120 },
      { currency: "EUR", amount: 5 },
    ]);
  });
});

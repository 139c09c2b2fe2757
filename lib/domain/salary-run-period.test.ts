import { describe, expect, it } from "vitest";
import { formatPeriod, salaryPeriodProblem, salaryRunKey } from "./salary-run-period";

describe("salaryPeriodProblem", () => {
  it("accepts one day, a month and a leap year", () => {
    expect(salaryPeriodProblem("2026-11-01", "2026-11-01")).toBeNull();
    expect(salaryPeriodProblem("2026-11-01", "2026-11-30")).toBeNull();
    expect(salaryPeriodProblem("2028-01-01", "2028-12-31")).toBeNull();
  });
  it("refuses an end before the start", () => {
    expect(salaryPeriodProblem("2026-11-02", "2026-11-01")).toBe(
      "The period must end on or after its first day.",
    );
  });
  it("refuses more than 366 days", () => {
    expect(salaryPeriodProblem("2026-01-01", "2027-01-02")).toBe(
      "The period may span at most 366 days.",
    );
  });
});

describe("salaryRunKey", () => {
  it("differs by period and by scope", () => {
    const a = salaryRunKey({ from: "2026-11-01", to: "2026-11-30", branchId: 3, countryId: null });
    expect(a).toBe("salary-run:2026-11-01..2026-11-30:branch:3");
    expect(
      salaryRunKey({ from: "2026-11-01", to: "2026-11-30", branchId: null, countryId: 3 }),
    ).toBe("salary-run:2026-11-01..2026-11-30:country:3");
    expect(
      salaryRunKey({ from: "2026-11-01", to: "2026-11-29", branchId: 3, countryId: null }),
    ).not.toBe(a);
  });
});

describe("formatPeriod", () => {
  it("writes DD/MM/YYYY–DD/MM/YYYY", () => {
    expect(formatPeriod("2026-11-01", "2026-11-30")).toBe("01/11/2026–30/11/2026");
  });
});

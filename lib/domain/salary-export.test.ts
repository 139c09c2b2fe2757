import { describe, expect, it } from "vitest";
import {
  exportPeriodPart,
  paySlipFileName,
  paySlipsZipFileName,
  salaryExportFileName,
  salaryExportKey,
} from "./salary-export";

describe("salary export names", () => {
  it("names a whole month by its month", () => {
    expect(salaryExportFileName("2026-10-01", "2026-10-31", "Copenhagen")).toBe(
      "Salary-2026-10-Copenhagen.xlsx",
    );
    expect(exportPeriodPart("2028-02-01", "2028-02-29")).toBe("2028-02");
  });

  it("names any other period by both dates", () => {
    expect(exportPeriodPart("2026-10-01", "2026-10-30")).toBe("2026-10-01_2026-10-30");
    expect(exportPeriodPart("2027-02-01", "2027-02-29")).toBe("2027-02-01_2027-02-29");
    expect(exportPeriodPart("2026-10-02", "2026-10-31")).toBe("2026-10-02_2026-10-31");
    expect(exportPeriodPart("2026-10-01", "2026-11-30")).toBe("2026-10-01_2026-11-30");
  });

  it("keeps letters of any script and joins words with dashes", () => {
    expect(salaryExportFileName("2026-10-01", "2026-10-31", "São Paulo / Centro")).toBe(
      "Salary-2026-10-São-Paulo-Centro.xlsx",
    );
    expect(salaryExportFileName("2026-10-01", "2026-10-31", "../..")).toBe(
      "Salary-2026-10-Salary.xlsx",
    );
  });

  it("keys a branch and a country apart", () => {
    const p = { from: "2026-10-01", to: "2026-10-31" };
    expect(salaryExportKey({ ...p, branchId: 3, countryId: null })).toBe(
      "salary-export:2026-10-01..2026-10-31:branch:3",
    );
    expect(salaryExportKey({ ...p, branchId: null, countryId: 3 })).not.toBe(
      salaryExportKey({ ...p, branchId: 3, countryId: null }),
    );
  });
});

describe("pay slip names", () => {
  it("names the ZIP by the worded period and the place", () => {
    expect(paySlipsZipFileName("2026-10-01", "2026-10-31", "Copenhagen")).toBe(
      "Pay slips October 2026 - Copenhagen.zip",
    );
    expect(paySlipsZipFileName("2026-10-01", "2026-10-31", "São Paulo / Centro")).toBe(
      "Pay slips October 2026 - São Paulo Centro.zip",
    );
  });

  it("keeps a slip's name free of path characters", () => {
    expect(paySlipFileName("October 2026", "Ida ../Holm")).toBe(
      "Pay slip October 2026 - Ida ..Holm.pdf",
    );
  });
});

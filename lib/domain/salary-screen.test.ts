import { describe, expect, it } from "vitest";
import {
  monthOf,
  payableLines,
  salaryView,
  salaryViewQuery,
  summaryBy,
  summaryByBand,
  type SummaryGroup,
} from "./salary-screen";

describe("salaryView", () => {
  it("defaults to last month, across a year's end", () => {
    expect(salaryView({}, "2027-01-15")).toMatchObject({
      preset: "last",
      from: "2026-12-01",
      to: "2026-12-31",
      label: "December 2026",
      branchId: null,
      countryId: null,
    });
  });

  it("takes this month and a custom period as DD/MM/YYYY", () => {
    expect(salaryView({ period: "this" }, "2026-02-10")).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(
      salaryView({ period: "custom", from: "05/10/2026", to: "20/10/2026" }, "2026-11-27"),
    ).toMatchObject({
      preset: "custom",
      from: "2026-10-05",
      to: "2026-10-20",
      label: "05/10/2026–20/10/2026",
    });
  });

  it("falls back to last month for a period that is no period, and drops bad ids", () => {
    for (const bad of [
      { period: "custom", from: "20/10/2026", to: "05/10/2026" },
      { period: "custom", from: "31/02/2026", to: "05/10/2026" },
      { period: "custom", from: "01/01/2020", to: "01/01/2026" },
      { period: "custom" },
      { period: "zzz" },
    ])
      expect(salaryView(bad, "2026-11-27")).toMatchObject({ preset: "last", from: "2026-10-01" });
    expect(salaryView({ branch_id: "abc", country_id: "0" }, "2026-11-27")).toMatchObject({
      branchId: null,
      countryId: null,
    });
    expect(salaryView({ branch_id: "99999999999" }, "2026-11-27").branchId).toBeNull();
    // A branch wins over a country: one place at a time.
    expect(salaryView({ branch_id: "3", country_id: "2" }, "2026-11-27")).toMatchObject({
      branchId: 3,
      countryId: null,
    });
  });

  it("round-trips through its query", () => {
    const v = salaryView(
      { period: "custom", from: "05/10/2026", to: "20/10/2026", country_id: "2" },
      "2026-11-27",
    );
    expect(salaryViewQuery(v).toString()).toBe(
      "period=custom&from=05%2F10%2F2026&to=20%2F10%2F2026&country_id=2",
    );
    expect(salaryView(Object.fromEntries(salaryViewQuery(v)), "2026-11-27")).toEqual(v);
    expect(salaryViewQuery(salaryView({}, "2026-11-27")).toString()).toBe("");
  });

  it("monthOf steps back over months of different lengths", () => {
    expect(monthOf("2026-03-31", -1)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthOf("2028-03-01", -1)).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });
});

const g = (
  c: string,
  branch: number,
  skill: number,
  amount: number,
  minutes = 60,
): SummaryGroup => ({
  currency_code: c,
  branch_id: branch,
  branch: `B${branch}`,
  skill_id: skill,
  skill: `S${skill}`,
  minutes,
  amount,
  paid_amount: 0,
  bands: {
    standard: { minutes, amount },
    weekend: { minutes: 0, amount: 0 },
    night: { minutes: 0, amount: 0 },
  },
});

describe("summaryBy", () => {
  it("adds up per branch and per skill within a currency, never across", () => {
    const groups = [g("DKK", 1, 1, 100), g("DKK", 1, 2, 250), g("SEK", 1, 1, 7), g("DKK", 2, 1, 1)];
    expect(summaryBy(groups, "branch").map((r) => [r.currency_code, r.name, r.amount])).toEqual([
      ["DKK", "B1", 350],
      ["DKK", "B2", 1],
      ["SEK", "B1", 7],
    ]);
    expect(
      summaryBy(groups, "skill").map((r) => [r.currency_code, r.name, r.amount, r.minutes]),
    ).toEqual([
      ["DKK", "S1", 101, 120],
      ["DKK", "S2", 250, 60],
      ["SEK", "S1", 7, 60],
    ]);
    expect(summaryByBand(groups)).toEqual([
      { currency_code: "DKK", band: "standard", minutes: 180, amount: 351 },
      { currency_code: "SEK", band: "standard", minutes: 60, amount: 7 },
    ]);
  });
});

describe("payableLines", () => {
  const lines = [
    { id: 1, status: "draft", branch_id: 1, country_id: 10 },
    { id: 2, status: "paid", branch_id: 1, country_id: 10 },
    { id: 3, status: "draft", branch_id: 2, country_id: 10 },
    { id: 4, status: "draft", branch_id: 3, country_id: 20 },
  ];
  it("pays the draft lines of the view's branch or country only", () => {
    const ids = (place: { branchId: number | null; countryId: number | null }) =>
      payableLines(lines, place).map((l) => l.id);
    expect(ids({ branchId: 1, countryId: null })).toEqual([1]);
    expect(ids({ branchId: null, countryId: 10 })).toEqual([1, 3]);
    expect(ids({ branchId: null, countryId: null })).toEqual([1, 3, 4]);
  });
});

import { describe, expect, it } from "vitest";
import { insightsView, insightsViewQuery, presetPeriod } from "./insights-view";

const TODAY = "2026-11-27";

describe("presetPeriod", () => {
  it("names whole months and quarters around today", () => {
    expect(presetPeriod("this-month", TODAY)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(presetPeriod("last-month", TODAY)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetPeriod("this-quarter", TODAY)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetPeriod("this-quarter", "2026-01-01")).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(presetPeriod("last-12-months", TODAY)).toEqual({
      from: "2025-12-01",
      to: "2026-11-30",
    });
    expect(presetPeriod("last-month", "2026-01-15")).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });
});

describe("insightsView", () => {
  it("defaults to the last 12 months, unfiltered, with no notice", () => {
    expect(insightsView({}, TODAY)).toEqual({
      preset: "last-12-months",
      from: "2025-12-01",
      to: "2026-11-30",
      label: "01/12/2025–30/11/2026",
      branchId: null,
      clientId: null,
      notices: [],
    });
  });

  it("reads a preset, a branch and a client", () => {
    const v = insightsView({ period: "last-month", branch_id: "3", client_id: "12" }, TODAY);
    expect(v).toMatchObject({ preset: "last-month", label: "October 2026", branchId: 3 });
    expect(v.clientId).toBe(12);
    expect(v.notices).toEqual([]);
  });

  it("reads custom dates (DD/MM/YYYY)", () => {
    const v = insightsView({ period: "custom", from: "05/10/2026", to: "20/10/2026" }, TODAY);
    expect(v).toMatchObject({ preset: "custom", from: "2026-10-05", to: "2026-10-20" });
    expect(v.notices).toEqual([]);
  });

  it("falls back to the last 12 months and says why", () => {
    const cases: [Record<string, string>, string][] = [
      [{ period: "abc" }, '"abc" is not a period; showing the last 12 months.'],
      [
        { period: "custom", from: "20/10/2026", to: "05/10/2026" },
        "The from date must not be after the to date. Showing the last 12 months.",
      ],
      [
        { period: "custom", from: "abc", to: "05/10/2026" },
        "Dates are written DD/MM/YYYY. Showing the last 12 months.",
      ],
      [
        { period: "custom" },
        "A custom period needs a from and a to date. Showing the last 12 months.",
      ],
      [
        { period: "custom", from: "01/01/2020", to: "05/10/2026" },
        "A period may span at most 3 years. Showing the last 12 months.",
      ],
    ];
    for (const [query, notice] of cases) {
      const v = insightsView(query, TODAY);
      expect(v, JSON.stringify(query)).toMatchObject({
        preset: "last-12-months",
        from: "2025-12-01",
        to: "2026-11-30",
      });
      expect(v.notices).toEqual([notice]);
    }
  });

  it("leaves out a branch or client that is not an id", () => {
    for (const bad of ["0", "-1", "abc", "99999999999"]) {
      const v = insightsView({ branch_id: bad, client_id: bad }, TODAY);
      expect(v.branchId).toBeNull();
      expect(v.clientId).toBeNull();
      expect(v.notices).toEqual([
        `"${bad}" is not a branch; showing all branches.`,
        `"${bad}" is not a client; showing all clients.`,
      ]);
    }
  });

  it("round-trips through its query", () => {
    for (const query of [
      {},
      { period: "this-quarter", branch_id: "2" },
      { period: "custom", from: "05/10/2026", to: "20/10/2026", client_id: "7" },
    ]) {
      const v = insightsView(query, TODAY);
      expect(Object.fromEntries(insightsViewQuery(v))).toEqual(query);
    }
  });
});

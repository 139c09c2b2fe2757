import { describe, expect, it } from "vitest";
import type { Statistics } from "@/lib/services/statistics/types";
import {
  chartPanels,
  isEmptyStatistics,
  labelText,
  plotValue,
  tickText,
  valueText,
} from "./series";

describe("chartPanels", () => {
  it("draws one chart per currency, never one axis for two", () => {
    const stats: Statistics = {
      labels: ["2026-10"],
      series: [
        { name: "Salaries (NOK)", values: [100], unit: "money", currency: "NOK", stack: "NOK" },
        { name: "Salaries (DKK)", values: [200], unit: "money", currency: "DKK", stack: "DKK" },
        { name: "Expenses (NOK)", values: [300], unit: "money", currency: "NOK", stack: "NOK" },
      ],
    };
    expect(chartPanels(stats).map((p) => [p.heading, p.series])).toEqual([
      ["NOK", [0, 2]],
      ["DKK", [1]],
    ]);
  });

  it("keeps a single-unit answer in one untitled chart", () => {
    const stats: Statistics = {
      labels: ["a", "b"],
      series: [
        { name: "Jobs", values: [1, 2], unit: "count" },
        { name: "Cancelled", values: [0, 1], unit: "count" },
      ],
    };
    expect(chartPanels(stats)).toEqual([
      { key: "count:", unit: "count", currency: undefined, heading: null, series: [0, 1] },
    ]);
  });
});

describe("figures", () => {
  it("formats money per its currency's minor units", () => {
    expect(valueText(125050, { unit: "money", currency: "NOK" })).toBe("1,250.50 NOK");
    expect(valueText(-5000, { unit: "money", currency: "DKK" })).toBe("-50.00 DKK");
    expect(valueText(1250, { unit: "money", currency: "JPY" })).toBe("1,250 JPY");
    expect(plotValue(125050, { unit: "money", currency: "NOK" })).toBe(1250.5);
    expect(plotValue(1250, { unit: "money", currency: "JPY" })).toBe(1250);
  });

  it("formats hours, counts and percentages", () => {
    expect(valueText(12.5, { unit: "hours" })).toBe("12.50 h");
    expect(valueText(1234, { unit: "count" })).toBe("1,234");
    expect(valueText(12.34, { unit: "percent" })).toBe("12.3 %");
    expect(plotValue(7, { unit: "hours" })).toBe(7);
  });

  it("reads month and day labels, leaves names alone", () => {
    expect(labelText("2026-10")).toBe("Oct 2026");
    expect(labelText("2026-10-05")).toBe("5 Oct");
    expect(labelText("2026-13")).toBe("2026-13");
    expect(labelText("Nordlys AS")).toBe("Nordlys AS");
  });

  it("shortens axis ticks", () => {
    expect(tickText(950)).toBe("950");
    expect(tickText(12_500)).toBe("12.5k");
    expect(tickText(3_400_000)).toBe("3.4M");
  });

  it("calls an answer with no figure empty", () => {
    expect(isEmptyStatistics({ labels: [], series: [] })).toBe(true);
    expect(
      isEmptyStatistics({ labels: ["a"], series: [{ name: "Jobs", values: [0], unit: "count" }] }),
    ).toBe(true);
    expect(
      isEmptyStatistics({ labels: ["a"], series: [{ name: "Jobs", values: [1], unit: "count" }] }),
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { axisOf, defaultRange, parseFilter } from "./filter";
import { OTHER, topCategories, type Category } from "./series";

describe("statistics axes", () => {
  it("labels days up to 31 days, months beyond", () => {
    expect(axisOf("2026-10-01", "2026-10-31")).toEqual({
      grain: "day",
      labels: Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, "0")}`),
    });
    expect(axisOf("2026-10-01", "2026-11-01")).toEqual({
      grain: "month",
      labels: ["2026-10", "2026-11"],
    });
    expect(axisOf("2025-12-15", "2026-02-01").labels).toEqual(["2025-12", "2026-01", "2026-02"]);
  });

  it("defaults to the 12 months ending this month (agency zone)", () => {
    // 23:30 UTC on 31 December is already January in Copenhagen.
    expect(defaultRange(new Date("2026-12-31T23:30:00Z"))).toEqual({
      start: "2026-02-01",
      end: "2027-01-31",
    });
    expect(defaultRange(new Date("2026-11-25T12:00:00Z"))).toEqual({
      start: "2025-12-01",
      end: "2026-11-30",
    });
  });

  it("reads branches and the company from flat or filter[] fields", () => {
    const f = parseFilter(
      {
        start: "2026-01-01",
        end: "2026-01-31",
        branch: "3",
        filter: { branches: "1,2", company_id: "7" },
      },
      new Date(),
    );
    expect(f).toMatchObject({ companyId: 7, grain: "day" });
    expect(f.branchIds?.sort()).toEqual([1, 2, 3]);
    // Exactly 3 years (1 098 days) is the most.
    expect(() => parseFilter({ start: "2023-01-01", end: "2026-01-01" }, new Date())).not.toThrow();
    expect(() => parseFilter({ start: "2023-01-01", end: "2026-01-04" }, new Date())).toThrow(
      "The date range may be at most 3 years.",
    );
    expect(() => parseFilter({ start: "2026-02-30" }, new Date())).toThrow(
      "The start must be a date (YYYY-MM-DD).",
    );
  });
});

describe("top 10, then Other", () => {
  const cat = (n: number, value: number, other = 0): Category => ({
    key: String(n),
    label: `Client ${String(n).padStart(2, "0")}`,
    values: new Map([
      ["Revenue (DKK)", value],
      ["Revenue (SEK)", other],
    ]),
  });
  const names = [
    { name: "Revenue (DKK)", unit: "money" as const, currency: "DKK" },
    { name: "Revenue (SEK)", unit: "money" as const, currency: "SEK" },
  ];
  const rank = (c: Category) => [
    c.values.get("Revenue (DKK)") ?? 0,
    c.values.get("Revenue (SEK)") ?? 0,
  ];

  it("keeps up to 10 categories without Other", () => {
    const s = topCategories([cat(1, 5), cat(2, 9)], rank, names);
    expect(s.labels).toEqual(["Client 02", "Client 01"]);
    expect(s.series[0].values).toEqual([9, 5]);
  });

  it("sums the rest per series into Other, never across series", () => {
    const cats = Array.from({ length: 13 }, (_, i) => cat(i + 1, (i + 1) * 100, i === 0 ? 7 : 0));
    const s = topCategories(cats, rank, names);
    expect(s.labels).toHaveLength(11);
    expect(s.labels[0]).toBe("Client 13");
    expect(s.labels[10]).toBe(OTHER);
    // Clients 1–3 fall out: 100 + 200 + 300 DKK, and client 1's 7 SEK apart.
    expect(s.series[0].values[10]).toBe(600);
    expect(s.series[1].values[10]).toBe(7);
    expect(s.series[1]).toMatchObject({ currency: "SEK", unit: "money" });
  });

  it("ranks ties by the next currency, then by name", () => {
    const s = topCategories([cat(1, 5, 1), cat(2, 5, 2), cat(3, 5, 2)], rank, names);
    expect(s.labels).toEqual(["Client 02", "Client 03", "Client 01"]);
  });

  it("keeps the ten a full sort puts first, whatever the order the categories come in", () => {
    // 600 categories with many ties: values 0–4 in both currencies, and n and n + 5 tie on both
    // and on the label (shared by tens; then the key decides, as text), in a scrambled order.
    const cats = Array.from({ length: 600 }, (_, i) => {
      const n = (i * 389) % 600;
      return { ...cat(n, n % 5, (n * 7) % 5), label: `Client ${Math.floor(n / 10)}` };
    });
    const sorted = [...cats].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return (
        rb[0] - ra[0] ||
        rb[1] - ra[1] ||
        a.label.localeCompare(b.label) ||
        a.key.localeCompare(b.key)
      );
    });
    const s = topCategories(cats, rank, names);
    expect(s.labels).toEqual([...sorted.slice(0, 10).map((c) => c.label), OTHER]);
    expect(s.series[0].values.slice(0, 10)).toEqual(sorted.slice(0, 10).map((c) => rank(c)[0]));
    const restOf = (i: number) => sorted.slice(10).reduce((sum, c) => sum + rank(c)[i], 0);
    expect(s.series[0].values[10]).toBe(restOf(0));
    expect(s.series[1].values[10]).toBe(restOf(1));
    // A category ranked last by the first currency still ties on it with the tenth: the keys
    // 4 and 9 (value 4) come before 14, 19, … by key as text ("14" < "4").
    expect(sorted[0].key).not.toBe(s.labels[10]);
  });
});

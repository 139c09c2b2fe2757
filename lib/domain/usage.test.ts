import { describe, expect, it } from "vitest";
import { levelUsage, usageOf } from "./usage";

describe("usageOf", () => {
  it("names the non-zero parts, plural-aware, joined with commas and a last 'and'", () => {
    expect(
      usageOf([
        [2, "job"],
        [0, "shift"],
        [1, "worker"],
      ]),
    ).toEqual({
      count: 3,
      label: "2 jobs and 1 worker",
    });
    expect(
      usageOf([
        [1, "person", "people"],
        [3, "rate"],
        [2, "company", "companies"],
      ]).label,
    ).toBe("1 person, 3 rates and 2 companies");
    expect(usageOf([[0, "job"]])).toEqual({ count: 0, label: "" });
  });

  it("words who holds a level", () => {
    expect(levelUsage({ workers_count: 1, rates_count: 40 }).label).toBe("1 worker and 40 rates");
    expect(levelUsage({}).count).toBe(0);
  });
});

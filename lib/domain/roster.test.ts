import { describe, expect, it } from "vitest";
import { rosterRangeProblem, rosterSheetNames, rosterStatusWord } from "./roster";

describe("roster sheet names", () => {
  it("removes the characters Excel refuses and keeps 31 characters at most", () => {
    const names = rosterSheetNames([
      { id: 1, name: "Gala [VIP]: *Hall* A/B\\C?" },
      { id: 2, name: "A very long job name that goes on and on and on" },
      { id: 3, name: "'quoted'" },
    ]);
    expect(names[0]).toBe("Gala -VIP-- -Hall- A-B-C-");
    expect(names[1]).toBe("A very long job name that goes");
    expect(names[1].length).toBeLessThanOrEqual(31);
    expect(names[2]).toBe("quoted");
    for (const n of names) expect(n).not.toMatch(/[[\]:*?/\\]/);
  });

  it("makes names unique without regard to case, still within 31 characters", () => {
    const long = "X".repeat(40);
    const names = rosterSheetNames([
      { id: 1, name: "Concert" },
      { id: 2, name: "concert" },
      { id: 3, name: "Concert" },
      { id: 4, name: long },
      { id: 5, name: long },
    ]);
    expect(names).toEqual([
      "Concert",
      "concert (2)",
      "Concert (3)",
      "X".repeat(31),
      `${"X".repeat(27)} (2)`,
    ]);
  });

  it("names a blank or reserved name after the job", () => {
    expect(
      rosterSheetNames([
        { id: 7, name: " ?*/ " },
        { id: 8, name: "History" },
      ]),
    ).toEqual(["Job 7", "History (job)"]);
    expect(rosterSheetNames([{ id: 9, name: "''" }])).toEqual(["Job 9"]);
    expect(rosterSheetNames([{ id: 10, name: "Bob's gala" }])).toEqual(["Bob\u2019s gala"]);
  });
});

describe("roster range", () => {
  it("accepts a range up to a year and refuses a reversed or longer one", () => {
    expect(rosterRangeProblem("2026-01-01", "2026-01-01")).toBeNull();
    expect(rosterRangeProblem("2024-01-01", "2024-12-31")).toBeNull();
    expect(rosterRangeProblem("2026-01-02", "2026-01-01")).toBe(
      "The end date must be on or after the start date.",
    );
    expect(rosterRangeProblem("2026-01-01", "2027-01-02")).toMatch(/at most 366 days/);
  });

  it("writes statuses in words", () => {
    expect(rosterStatusWord("Booked")).toBe("Booked");
    expect(rosterStatusWord("Report!")).toBe("Hours to report");
    expect(rosterStatusWord("Requested")).toBe("Requested");
  });
});

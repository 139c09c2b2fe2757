import { describe, expect, it } from "vitest";
import { ASKS_ABOUT_CREW, bookedCrewText, canChangeStatus } from "./job-status";

describe("asking about booked crew before a status change", () => {
  it("asks before Draft and Cancelled only", () => {
    expect([...ASKS_ABOUT_CREW]).toEqual(["Draft", "Cancelled"]);
    for (const to of ASKS_ABOUT_CREW) expect(canChangeStatus("Published", to)).toBe(true);
  });

  it("says how many people are booked, in the issue's words", () => {
    expect(bookedCrewText(3)).toBe("3 people are booked on this job");
    expect(bookedCrewText(1)).toBe("1 person is booked on this job");
  });
});

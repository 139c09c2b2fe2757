import { describe, expect, it } from "vitest";
import { percentOf } from "./progress";

describe("percentOf", () => {
  it("is 100 once done, even with nothing to do", () => {
    expect(percentOf("done", 0, 0)).toBe(100);
    expect(percentOf("done", 3, 10)).toBe(100);
  });
  it("is 0 while the total is unknown or nothing is done", () => {
    expect(percentOf("queued", 0, 0)).toBe(0);
    expect(percentOf("running", 5, 0)).toBe(0);
    expect(percentOf("running", 0, 40)).toBe(0);
    expect(percentOf("running", -1, 40)).toBe(0);
  });
  it("rounds down and reaches 100 only when done", () => {
    expect(percentOf("running", 1, 3)).toBe(33);
    expect(percentOf("running", 2, 3)).toBe(66);
    expect(percentOf("running", 999, 1000)).toBe(99);
    expect(percentOf("running", 10, 10)).toBe(99);
    expect(percentOf("failed", 12, 10)).toBe(99);
  });
});

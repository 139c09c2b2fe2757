import { describe, expect, it } from "vitest";
import {
  DETAILS_MAX,
  NOTE_MAX,
  atMostChars,
  formatCount,
  lengthCounter,
  sentBytes,
  tooLongMessage,
} from "./text-limits";

describe("lengthCounter: shown near the limit only", () => {
  it("is silent below 80 % of the limit", () => {
    expect(lengthCounter(0, DETAILS_MAX)).toBeNull();
    expect(lengthCounter(15_999, DETAILS_MAX)).toBeNull();
  });

  it("counts from 80 % on, grouped as people read numbers", () => {
    expect(lengthCounter(16_000, DETAILS_MAX)).toBe("16,000 / 20,000");
    expect(lengthCounter(19_200, DETAILS_MAX)).toBe("19,200 / 20,000");
    expect(lengthCounter(20_000, DETAILS_MAX)).toBe("20,000 / 20,000");
  });

  it("keeps counting past the limit (a pasted text the form refuses)", () => {
    expect(lengthCounter(1_200_000, DETAILS_MAX)).toBe("1,200,000 / 20,000");
  });

  it("has nothing to say without a limit", () => {
    expect(lengthCounter(10, 0)).toBeNull();
  });
});

describe("messages", () => {
  it("name the limit with the same grouping", () => {
    expect(formatCount(5000)).toBe("5,000");
    expect(atMostChars(100)).toBe("may be at most 100 characters");
    expect(tooLongMessage("note", NOTE_MAX)).toBe("The note may be at most 5,000 characters.");
  });
});

describe("sentBytes", () => {
  it("counts the JSON a server action sends, in UTF-8 bytes", () => {
    expect(sentBytes({ a: "x" })).toBe(9);
    expect(sentBytes("æ")).toBe(4);
    expect(sentBytes(undefined)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { PHONE_INVALID, PHONE_REQUIRED, isPhoneNumber, phoneProblem } from "./phone";

describe("the phone rule", () => {
  it.each([
    "+45 20 30 40 50",
    "20304050",
    "+1 (555) 123-4567",
    "0045.20.30.40.50",
    "(040) 123 456",
    "  +46 8 123 456  ",
  ])("takes %s", (v) => expect(isPhoneNumber(v)).toBe(true));

  it.each([
    ["letters", "call me"],
    ["too few digits", "+45 123"],
    ["too many digits", "+45 1234 5678 9012 3456"],
    ["a + inside", "45+2030405"],
    ["only separators after a digit", "1-----"],
    ["a trailing dash", "+45 2030 4050-"],
    ["too long", "+45 2 0 3 0 4 0 5 0 - - - - - - - 1"],
    ["blank", "   "],
  ])("refuses %s", (_, v) => expect(isPhoneNumber(v)).toBe(false));

  it("gives one message: required when blank and required, else invalid", () => {
    expect(phoneProblem("", true)).toBe(PHONE_REQUIRED);
    expect(phoneProblem("  ", false)).toBeNull();
    expect(phoneProblem("abc", true)).toBe(PHONE_INVALID);
    expect(phoneProblem("abc", false)).toBe(PHONE_INVALID);
    expect(phoneProblem("+45 20 30 40 50", true)).toBeNull();
  });
});

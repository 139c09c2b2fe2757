import { describe, expect, it } from "vitest";
import {
  PASSWORD_REQUIRED,
  PASSWORD_STRENGTH_MESSAGE,
  isStrongPassword,
  newPasswordProblem,
  passwordProblems,
} from "./password";

describe("password strength (spec §5)", () => {
  it('accepts the demo password "Crewdeck!2026"', () => {
    expect(passwordProblems("Crewdeck!2026")).toEqual([]);
    expect(isStrongPassword("Crewdeck!2026")).toBe(true);
  });

  it("accepts exactly 8 characters", () => {
    expect(passwordProblems("Abcdef1!")).toEqual([]);
  });

  it.each([
    ["Crew!26", "length"],
    ["crewdeck!2026", "upper"],
    ["CREWDECK!2026", "lower"],
    ["Crewdeck!abc", "digit"],
    ["Crewdeck2026", "special"],
    ["Crewdeck 2026", "special"],
  ])("%j fails only the %s rule", (password, rule) => {
    expect(passwordProblems(password)).toEqual([rule]);
    expect(isStrongPassword(password)).toBe(false);
  });

  it("lists every problem of an empty password", () => {
    expect(passwordProblems("")).toEqual(["length", "upper", "lower", "digit", "special"]);
  });

  it("counts non-ASCII upper- and lower-case letters", () => {
    expect(passwordProblems("Ærøskøbing!1")).toEqual([]);
    expect(passwordProblems("Σίσυφος!2026")).toEqual([]);
    expect(passwordProblems("ÆRØSKØBING!1")).toEqual(["lower"]);
    expect(passwordProblems("ærøskøbing!1")).toEqual(["upper"]);
  });

  it("does not count letters as special characters, nor caseless letters as upper or lower", () => {
    expect(passwordProblems("Ééééééé1")).toEqual(["special"]);
    expect(passwordProblems("日本語日本語!2026")).toEqual(["upper", "lower"]);
  });

  it("counts an emoji as one character", () => {
    expect(passwordProblems("Aa1!bc😀")).toEqual(["length"]);
  });
});

describe("a new password's one message", () => {
  it("is 'required' when blank, the strength rule when weak, none when strong", () => {
    expect(newPasswordProblem("")).toBe(PASSWORD_REQUIRED);
    expect(newPasswordProblem("weak")).toBe(PASSWORD_STRENGTH_MESSAGE);
    expect(newPasswordProblem("Crewdeck!2026")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { REGISTRATION_FAILED, registrationFailureMessage } from "./registration-message";

describe("registrationFailureMessage (spec §8)", () => {
  it("shows the last field's message", () => {
    expect(
      registrationFailureMessage({
        message: "The name field is required.",
        errors: {
          name: ["The name field is required."],
          email: ["The email has already been taken."],
        },
      }),
    ).toBe("The email has already been taken.");
  });

  it("shows the second message when that field has several", () => {
    expect(
      registrationFailureMessage({
        errors: { phone: ["x"], password: ["Too short.", "Needs a digit.", "Needs a capital."] },
      }),
    ).toBe("Needs a digit.");
  });

  it("falls back to the spec's text without validation messages", () => {
    expect(registrationFailureMessage({ message: "Internal error" }, 500)).toBe(
      REGISTRATION_FAILED,
    );
    expect(registrationFailureMessage(undefined)).toBe(REGISTRATION_FAILED);
    expect(registrationFailureMessage("not json")).toBe(REGISTRATION_FAILED);
    expect(registrationFailureMessage({ errors: {} })).toBe(REGISTRATION_FAILED);
    expect(registrationFailureMessage({ errors: { email: [] } })).toBe(REGISTRATION_FAILED);
    expect(registrationFailureMessage({ errors: { email: "not a list" } })).toBe(
      REGISTRATION_FAILED,
    );
    expect(REGISTRATION_FAILED).toBe("Sorry there was an error");
  });

  it("keeps the wait message of a rate limit", () => {
    expect(
      registrationFailureMessage(
        { message: "Too many attempts. Please try again in 15 minutes." },
        429,
      ),
    ).toBe("Too many attempts. Please try again in 15 minutes.");
  });
});

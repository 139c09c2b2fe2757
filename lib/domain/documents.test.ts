import { describe, expect, it } from "vitest";
import { expiryState, isValidDocument, todayIn, warnFrom } from "./documents";

describe("document expiry", () => {
  it("warns the given months before the expiry date, clamped to the month's last day", () => {
    expect(warnFrom("2026-12-15", 1)).toBe("2026-11-15");
    expect(warnFrom("2027-01-10", 2)).toBe("2026-11-10");
    expect(warnFrom("2027-03-31", 1)).toBe("2027-02-28");
    expect(warnFrom("2026-12-15", 0)).toBe("2026-12-15");
  });

  it("is valid through its expiry day, expiring inside the warning period, then expired", () => {
    expect(expiryState(null, 1, "2026-11-24")).toBe("none");
    expect(expiryState("2027-06-01", 1, "2026-11-24")).toBe("valid");
    expect(expiryState("2026-12-20", 1, "2026-11-24")).toBe("expiring");
    expect(expiryState("2026-11-24", 1, "2026-11-24")).toBe("expiring");
    expect(expiryState("2026-11-23", 1, "2026-11-24")).toBe("expired");
  });

  it("counts only approved, unexpired documents as valid", () => {
    const today = "2026-11-24";
    expect(isValidDocument({ status: "approved", expiresOn: null }, today)).toBe(true);
    expect(isValidDocument({ status: "approved", expiresOn: today }, today)).toBe(true);
    expect(isValidDocument({ status: "approved", expiresOn: "2026-11-23" }, today)).toBe(false);
    expect(isValidDocument({ status: "pending", expiresOn: null }, today)).toBe(false);
    expect(isValidDocument({ status: "declined", expiresOn: null }, today)).toBe(false);
  });

  it("reads today in the given time zone", () => {
    const lateUtc = new Date("2026-11-24T23:30:00Z");
    expect(todayIn(lateUtc, "UTC")).toBe("2026-11-24");
    expect(todayIn(lateUtc, "Europe/Copenhagen")).toBe("2026-11-25");
  });
});

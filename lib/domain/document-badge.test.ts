import { describe, expect, it } from "vitest";
import { daysBetween, documentBadge, expiryText, formatDay } from "./document-badge";

describe("daysBetween", () => {
  it("counts calendar days across months, years and DST changes", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-05-10", "2026-05-01")).toBe(-9);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
  });
});

describe("documentBadge", () => {
  const today = "2026-05-04";
  it("declined stays declined, even past its date", () => {
    expect(documentBadge({ status: "declined", expiresOn: "2026-01-01" }, 1, today)).toEqual({
      badge: "declined",
      daysLeft: -123,
    });
  });
  it("a past date beats pending and approved", () => {
    for (const status of ["pending", "approved"] as const)
      expect(documentBadge({ status, expiresOn: "2026-05-03" }, 1, today).badge).toBe("expired");
  });
  it("valid through its expiry day", () => {
    expect(documentBadge({ status: "approved", expiresOn: today }, 0, today)).toEqual({
      badge: "expiring",
      daysLeft: 0,
    });
  });
  it("approved within the warning months is expiring, before them approved", () => {
    expect(documentBadge({ status: "approved", expiresOn: "2026-06-04" }, 1, today).badge).toBe(
      "expiring",
    );
    expect(documentBadge({ status: "approved", expiresOn: "2026-06-05" }, 1, today).badge).toBe(
      "approved",
    );
    expect(documentBadge({ status: "approved", expiresOn: null }, 1, today)).toEqual({
      badge: "approved",
      daysLeft: null,
    });
  });
  it("pending within the warning months stays pending (the office has not looked yet)", () => {
    expect(documentBadge({ status: "pending", expiresOn: "2026-05-10" }, 1, today)).toEqual({
      badge: "pending",
      daysLeft: 6,
    });
  });
});

describe("expiryText", () => {
  it("says today, singular and plural, future and past", () => {
    expect(expiryText(0)).toBe("Expires today");
    expect(expiryText(1)).toBe("Expires in 1 day");
    expect(expiryText(12)).toBe("Expires in 12 days");
    expect(expiryText(-1)).toBe("Expired 1 day ago");
    expect(expiryText(-3)).toBe("Expired 3 days ago");
  });
});

describe("formatDay", () => {
  it("writes a calendar day as DD/MM/YYYY", () => {
    expect(formatDay("2026-06-04")).toBe("04/06/2026");
  });
});

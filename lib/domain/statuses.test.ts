import { describe, expect, it } from "vitest";
import {
  APPLICATION_STATUSES,
  FILLED_STATUSES,
  isFilled,
  JOB_STATUSES,
  statusFromSlug,
  statusSlug,
} from "./statuses";

describe("status lists (spec §4)", () => {
  it("has the job statuses of the spec", () => {
    expect([...JOB_STATUSES]).toEqual([
      "Draft",
      "Published",
      "Cancelled",
      "Report!",
      "Reported",
      "Approved",
      "Invoiced",
      "Paid",
    ]);
  });

  it("has the application statuses of the spec", () => {
    expect([...APPLICATION_STATUSES]).toEqual([
      "Applied",
      "Reserve",
      "Requested",
      "Denied",
      "Request accepted",
      "Request denied",
      "Booked",
      "Report!",
      "Reported",
      "Approved",
    ]);
  });
});

describe("statusFromSlug", () => {
  it.each([
    ["report", "Report!"],
    ["reported", "Reported"],
    ["request-accepted", "Request accepted"],
    ["request-denied", "Request denied"],
    ["booked", "Booked"],
    ["approved", "Approved"],
  ])("reads the application slug %j as %j", (slug, status) => {
    expect(statusFromSlug(APPLICATION_STATUSES, slug)).toBe(status);
  });

  it("reads job slugs", () => {
    expect(statusFromSlug(JOB_STATUSES, "report")).toBe("Report!");
    expect(statusFromSlug(JOB_STATUSES, "published")).toBe("Published");
    expect(statusFromSlug(JOB_STATUSES, "paid")).toBe("Paid");
  });

  it("passes every exact value through unchanged", () => {
    for (const s of APPLICATION_STATUSES) expect(statusFromSlug(APPLICATION_STATUSES, s)).toBe(s);
    for (const s of JOB_STATUSES) expect(statusFromSlug(JOB_STATUSES, s)).toBe(s);
  });

  it("round-trips every status through its slug", () => {
    for (const s of APPLICATION_STATUSES)
      expect(statusFromSlug(APPLICATION_STATUSES, statusSlug(s))).toBe(s);
    for (const s of JOB_STATUSES) expect(statusFromSlug(JOB_STATUSES, statusSlug(s))).toBe(s);
  });

  it("gives null for an unknown value", () => {
    expect(statusFromSlug(APPLICATION_STATUSES, "unknown")).toBeNull();
    expect(statusFromSlug(APPLICATION_STATUSES, "")).toBeNull();
    expect(statusFromSlug(APPLICATION_STATUSES, "request")).toBeNull();
    // A job-only status is unknown among application statuses.
    expect(statusFromSlug(APPLICATION_STATUSES, "paid")).toBeNull();
  });
});

describe("FILLED_STATUSES (capacity rule)", () => {
  it("is exactly Booked, Request accepted, Report!, Reported, Approved", () => {
    expect([...FILLED_STATUSES].sort()).toEqual(
      ["Approved", "Booked", "Report!", "Reported", "Request accepted"].sort(),
    );
  });

  it("isFilled is true for those five and false for the rest", () => {
    for (const s of APPLICATION_STATUSES) {
      expect(isFilled(s), s).toBe((FILLED_STATUSES as readonly string[]).includes(s));
    }
    expect(isFilled("Applied")).toBe(false);
    expect(isFilled("Reserve")).toBe(false);
    expect(isFilled("Requested")).toBe(false);
    expect(isFilled("Denied")).toBe(false);
    expect(isFilled("Request denied")).toBe(false);
    expect(isFilled("Booked")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { activityLines, activitySubjectLink, displayValue, humanizeKey } from "./activity";

const TZ = "Europe/Copenhagen";

describe("activityLines", () => {
  it("reads {from, to} and {old, new} as a status change", () => {
    expect(activityLines({ from: "Published", to: "Cancelled", reason: "Rain" }, TZ)).toEqual([
      { label: "Status", from: "Published", to: "Cancelled" },
      { label: "Reason", value: "Rain" },
    ]);
    expect(activityLines({ old: "active", new: "deactivated" }, TZ)).toEqual([
      { label: "Status", from: "active", to: "deactivated" },
    ]);
    // A first booking has no previous status.
    expect(activityLines({ from: null, to: "Booked" }, TZ)).toEqual([
      { label: "Status", from: "—", to: "Booked" },
    ]);
  });

  it("lists the changed fields of {before, after}, dates in the viewer's zone", () => {
    const lines = activityLines(
      {
        reportedHoursId: 4,
        before: { start: "2026-11-20T17:00:00.000Z", end: "2026-11-20T23:00:00.000Z" },
        after: { start: "2026-11-20T17:00:00.000Z", end: "2026-11-21T00:30:00.000Z" },
        byOffice: true,
      },
      TZ,
    );
    expect(lines).toEqual([
      { label: "End", from: "21/11/2026 00:00", to: "21/11/2026 01:30" },
      { label: "By office", value: "Yes" },
    ]);
  });

  it("names the fields of {fields} and {changed} lists", () => {
    expect(activityLines({ fields: ["first_name", "phone"] }, TZ)).toEqual([
      { label: "Changed fields", value: "First name, Phone" },
    ]);
    expect(activityLines({ changed: ["name", "zip", "password"] }, TZ)).toEqual([
      { label: "Changed fields", value: "Name, Zip" },
    ]);
  });

  it("never shows secrets, addresses or internal ids, and keeps masked values", () => {
    const lines = activityLines(
      {
        ip: "10.0.0.7",
        token_hash: "abc",
        password: "x",
        remember_token: "y",
        job_id: 3,
        shift_id: 9,
        token_ids: [1, 2],
        invited_by: 5,
        iban: "DK•• •••• •••• 1234",
        has_danish_bank: false,
      },
      TZ,
    );
    expect(lines).toEqual([
      { label: "Iban", value: "DK•• •••• •••• 1234" },
      { label: "Has danish bank", value: "No" },
    ]);
    const text = JSON.stringify(lines);
    for (const secret of ["10.0.0.7", "abc", "token"]) expect(text).not.toContain(secret);
  });

  it("treats a list under `to` as a plain fact, not a status", () => {
    expect(activityLines({ subject: "Gate", to: [3, 5] }, TZ)).toEqual([
      { label: "Subject", value: "Gate" },
      { label: "To", value: "3, 5" },
    ]);
  });

  it("answers no lines for empty or malformed properties", () => {
    for (const p of [null, undefined, "text", 3, [], {}]) expect(activityLines(p, TZ)).toEqual([]);
    expect(activityLines({ nested: { a: 1 }, blank: "" }, TZ)).toEqual([]);
  });
});

describe("displayValue and humanizeKey", () => {
  it("formats values and keys for people", () => {
    expect(displayValue(["Bar", "Stage"], TZ)).toBe("Bar, Stage");
    expect(displayValue("x".repeat(300), TZ)).toHaveLength(200);
    expect(displayValue({}, TZ)).toBe("—");
    expect(humanizeKey("shiftsAdded")).toBe("Shifts added");
    expect(humanizeKey("source_type")).toBe("Source type");
  });
});

describe("activitySubjectLink", () => {
  it("links each kind of record to its page", () => {
    const link = (subjectType: string, subjectId: number, parentId?: number | null) =>
      activitySubjectLink({ subjectType, subjectId, parentId, causerId: 7 })?.href ?? null;
    expect(link("jobs", 5)).toBe("/jobs/5");
    expect(link("users", 6)).toBe("/users/6/personal");
    expect(link("applications", 11, 5)).toBe("/jobs/5/shifts");
    expect(link("venues", 3)).toBe("/venues/edit/3");
    expect(link("documents", 2, 6)).toBe("/users/6/my-documents");
    expect(link("job_templates", 4)).toBe("/jobs/templates/4");
    expect(link("dresscodes", 4)).toBe("/dresscodes");
    expect(link("document_types", 4)).toBe("/document-types");
    expect(link("companies", 8)).toBe("/client/8");
    expect(link("quotes", 5)).toBe("/edit-quote/5");
    expect(link("invitations", 1)).toBe("/users/7/invited-users");
  });

  it("calls a record by its name, else by its kind and number", () => {
    const label = (subjectType: string, name?: string | null) =>
      activitySubjectLink({ subjectType, subjectId: 5, parentId: 9, name })?.label;
    expect(label("jobs", "Summer gala")).toBe("Summer gala");
    expect(label("jobs", null)).toBe("Job #5");
    expect(label("jobs", "  ")).toBe("Job #5");
    expect(label("users", "Vera Lind")).toBe("Vera Lind");
    expect(label("applications", "Summer gala")).toBe("Booking on Summer gala");
    expect(label("applications")).toBe("Application #5 (job #9)");
    expect(label("documents", "Work permit")).toBe("Work permit");
  });

  it("has no link when the parent is gone or the kind has no page", () => {
    expect(activitySubjectLink({ subjectType: "applications", subjectId: 1, parentId: null })).toBe(
      null,
    );
    expect(activitySubjectLink({ subjectType: "documents", subjectId: 1 })).toBe(null);
    expect(activitySubjectLink({ subjectType: "salary_runs", subjectId: 1 })).toBe(null);
    expect(activitySubjectLink({ subjectType: null, subjectId: null })).toBe(null);
  });
});

// Issue 23: rows read in words, never raw shapes.
describe("activityLines: {old, attributes} and calendar days", () => {
  it("reads {old, attributes} objects as edited fields, days as DD/MM/YYYY", () => {
    expect(
      activityLines(
        {
          user_id: 4,
          old: { status: "approved", expires_on: "2026-12-18", version: 1 },
          attributes: { status: "pending", expires_on: "2035-01-31", version: 1 },
        },
        TZ,
      ),
    ).toEqual([
      { label: "Status", from: "approved", to: "pending" },
      { label: "Expires on", from: "18/12/2026", to: "31/01/2035" },
    ]);
    expect(activityLines({ expires_on: "2026-12-18" }, TZ)).toEqual([
      { label: "Expires on", value: "18/12/2026" },
    ]);
  });
});

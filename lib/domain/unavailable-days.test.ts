import { describe, expect, it } from "vitest";
import {
  UNAVAILABLE_MAX_DAYS,
  UNAVAILABLE_MESSAGES,
  unavailableLabel,
  unavailableNote,
  unavailableRange,
} from "./unavailable-days";

describe("unavailableRange", () => {
  it("lists every day from..to, both included, across a month end", () => {
    expect(unavailableRange("2026-11-29", "2026-12-02", "2026-11-20")).toEqual({
      ok: true,
      from: "2026-11-29",
      to: "2026-12-02",
      days: ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"],
    });
  });

  it("takes a missing or blank end as one day, and today itself may be marked", () => {
    for (const to of [undefined, null, ""]) {
      const r = unavailableRange("2026-11-20", to, "2026-11-20");
      expect(r).toMatchObject({ ok: true, days: ["2026-11-20"] });
    }
  });

  it("refuses a day before today when marking, allows it when unmarking", () => {
    expect(unavailableRange("2026-11-19", "2026-11-21", "2026-11-20")).toEqual({
      ok: false,
      field: "from",
      message: UNAVAILABLE_MESSAGES.past,
    });
    expect(unavailableRange("2026-11-19", "2026-11-21")).toMatchObject({ ok: true });
  });

  it(`allows ${UNAVAILABLE_MAX_DAYS} days, refuses one more`, () => {
    const ok = unavailableRange("2027-01-01", "2027-03-03", "2026-11-20");
    expect(ok).toMatchObject({ ok: true });
    expect(ok.ok && ok.days.length).toBe(UNAVAILABLE_MAX_DAYS);
    expect(unavailableRange("2027-01-01", "2027-03-04", "2026-11-20")).toEqual({
      ok: false,
      field: "to",
      message: UNAVAILABLE_MESSAGES.tooLong,
    });
  });

  it("refuses an end before the start", () => {
    expect(unavailableRange("2026-12-02", "2026-12-01")).toMatchObject({
      ok: false,
      field: "to",
      message: UNAVAILABLE_MESSAGES.endBeforeStart,
    });
  });

  it.each([undefined, "", "abc", "2026-02-30", "2026-13-01", "2026-11-20T10:00", 20261120, ["x"]])(
    "refuses a start that is no day (%s)",
    (raw) => {
      expect(unavailableRange(raw, undefined, "2026-11-20")).toEqual({
        ok: false,
        field: "from",
        message: UNAVAILABLE_MESSAGES.badDate,
      });
    },
  );

  it("refuses an end that is no day", () => {
    expect(unavailableRange("2026-12-01", "2026-12-40")).toMatchObject({
      ok: false,
      field: "to",
      message: UNAVAILABLE_MESSAGES.badDate,
    });
  });
});

describe("unavailableNote", () => {
  it("trims, makes blank none, allows 200 characters and refuses 201 or non-text", () => {
    expect(unavailableNote("  Holiday ")).toEqual({ ok: true, note: "Holiday" });
    expect(unavailableNote("   ")).toEqual({ ok: true, note: null });
    expect(unavailableNote(undefined)).toEqual({ ok: true, note: null });
    expect(unavailableNote("x".repeat(200))).toEqual({ ok: true, note: "x".repeat(200) });
    expect(unavailableNote("x".repeat(201))).toEqual({
      ok: false,
      message: UNAVAILABLE_MESSAGES.noteTooLong,
    });
    expect(unavailableNote(5)).toEqual({ ok: false, message: UNAVAILABLE_MESSAGES.noteNotText });
  });
});

describe("unavailableLabel", () => {
  it("says it in words, with the note when there is one", () => {
    expect(unavailableLabel("Exam")).toBe("Unavailable — Exam");
    expect(unavailableLabel(null)).toBe("Unavailable");
  });
});

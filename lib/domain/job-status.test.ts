import { describe, expect, it } from "vitest";
import {
  ASKS_ABOUT_CREW,
  bookedCrewText,
  canChangeStatus,
  isReopening,
  MANUAL_TRANSITIONS,
  needsInvoiceReference,
  placesNotApprovedText,
  statusChangeSentence,
  undoableChange,
} from "./job-status";
import { JOB_STATUSES } from "./statuses";

describe("asking about booked crew before a status change", () => {
  it("asks before Draft and Cancelled only", () => {
    expect([...ASKS_ABOUT_CREW]).toEqual(["Draft", "Cancelled"]);
    for (const to of ASKS_ABOUT_CREW) expect(canChangeStatus("Published", to)).toBe(true);
  });

  it("says how many people are booked, in the issue's words", () => {
    expect(bookedCrewText(3)).toBe("3 people are booked on this job");
    expect(bookedCrewText(1)).toBe("1 person is booked on this job");
  });
});

describe("invoicing and reopening", () => {
  const pairs = JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const));

  it("asks for the invoice reference on Approved → Invoiced only", () => {
    expect(pairs.filter(([f, t]) => needsInvoiceReference(f, t))).toEqual([
      ["Approved", "Invoiced"],
    ]);
  });

  it("counts Invoiced → Approved and Paid → Invoiced as reopening, both allowed by hand", () => {
    const reopening = pairs.filter(([f, t]) => isReopening(f, t));
    expect(reopening).toEqual([
      ["Invoiced", "Approved"],
      ["Paid", "Invoiced"],
    ]);
    for (const [f, t] of reopening) expect(MANUAL_TRANSITIONS[f]).toContain(t);
  });

  it("offers no one-click undo of invoicing, paying or reopening", () => {
    expect(undoableChange("Approved", "Invoiced")).toBe(false);
    expect(undoableChange("Invoiced", "Paid")).toBe(false);
    expect(undoableChange("Invoiced", "Approved")).toBe(false);
    // Undoing a reopening of a paid job marks it paid again, which needs nothing.
    expect(undoableChange("Paid", "Invoiced")).toBe(true);
    expect(undoableChange("Draft", "Published")).toBe(true);
    expect(undoableChange("Report!", "Cancelled")).toBe(false);
  });

  it("names how many places are not approved", () => {
    expect(placesNotApprovedText(1)).toBe(
      "1 booked place is not approved yet. Approve its hours or remove it before invoicing the job.",
    );
    expect(placesNotApprovedText(3)).toBe(
      "3 booked places are not approved yet. Approve their hours or remove them before invoicing the job.",
    );
  });

  it("logs each change in a sentence", () => {
    expect(
      statusChangeSentence("Gala", "Approved", "Invoiced", { invoiceReference: "INV-7" }),
    ).toBe("Marked Gala as Invoiced with invoice reference INV-7");
    expect(statusChangeSentence("Gala", "Invoiced", "Paid")).toBe("Marked Gala as Paid");
    expect(statusChangeSentence("Gala", "Paid", "Invoiced", { reason: "Bank returned it" })).toBe(
      "Reopened Gala from Paid back to Invoiced. Reason: Bank returned it",
    );
    expect(statusChangeSentence("Gala", "Draft", "Published")).toBe(
      "Changed status of Gala from Draft to Published",
    );
  });
});

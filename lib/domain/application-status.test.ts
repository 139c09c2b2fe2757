import { describe, expect, it } from "vitest";
import {
  aggregateJobStatus,
  APPLICATION_MESSAGES,
  bookedMessage,
  statusMessage,
  allowedTransitions,
  APPLICATION_TRANSITIONS,
  canTransition,
  statusAfterDisapproval,
  statusAfterShiftEnded,
  transitionError,
  type TransitionBy,
} from "./application-status";
import { APPLICATION_STATUSES, type ApplicationStatus } from "./statuses";

const BY: TransitionBy[] = ["worker", "booker", "hours", "system"];

/** The table spelled out once more, by hand: who may move an application from → to. */
const LEGAL: [ApplicationStatus, ApplicationStatus, TransitionBy][] = [
  ["Applied", "Reserve", "booker"],
  ["Applied", "Requested", "booker"],
  ["Applied", "Booked", "booker"],
  ["Applied", "Denied", "worker"],
  ["Applied", "Denied", "booker"],
  ["Reserve", "Requested", "booker"],
  ["Reserve", "Booked", "booker"],
  ["Reserve", "Denied", "worker"],
  ["Reserve", "Denied", "booker"],
  ["Requested", "Request accepted", "worker"],
  ["Requested", "Request denied", "worker"],
  ["Requested", "Booked", "booker"],
  ["Requested", "Reserve", "booker"],
  ["Requested", "Denied", "booker"],
  ["Request denied", "Requested", "booker"],
  ["Request denied", "Booked", "booker"],
  ["Request denied", "Reserve", "booker"],
  ["Request denied", "Denied", "booker"],
  ["Request accepted", "Booked", "booker"],
  ["Request accepted", "Reserve", "booker"],
  ["Request accepted", "Denied", "booker"],
  ["Request accepted", "Report!", "system"],
  ["Denied", "Applied", "worker"],
  ["Denied", "Reserve", "booker"],
  ["Denied", "Requested", "booker"],
  ["Denied", "Booked", "booker"],
  ["Booked", "Reserve", "booker"],
  ["Booked", "Denied", "booker"],
  ["Booked", "Report!", "system"],
  ["Report!", "Reported", "hours"],
  ["Report!", "Approved", "hours"],
  ["Reported", "Report!", "hours"],
  ["Reported", "Approved", "hours"],
  ["Approved", "Reported", "hours"],
  ["Approved", "Report!", "hours"],
];

describe("application transition table", () => {
  const legal = new Set(LEGAL.map(([f, t, b]) => `${f}|${t}|${b}`));
  for (const from of APPLICATION_STATUSES)
    for (const to of APPLICATION_STATUSES)
      for (const by of BY) {
        const ok = legal.has(`${from}|${to}|${by}`);
        it(`${from} → ${to} by ${by}: ${ok ? "allowed" : "refused"}`, () => {
          expect(canTransition(from, to, by)).toBe(ok);
          const err = transitionError(from, to, by);
          if (ok) expect(err).toBeNull();
          else
            expect(err).toBe(
              `An application that is ${from} cannot be set to ${to}. Allowed: ${
                allowedTransitions(from, by).join(", ") || "none"
              }.`,
            );
        });
      }

  it("has no entry the hand-written list lacks", () => {
    const count = Object.values(APPLICATION_TRANSITIONS).reduce(
      (n, row) => n + Object.values(row).reduce((m, who) => m + (who?.length ?? 0), 0),
      0,
    );
    expect(count).toBe(LEGAL.length);
  });

  it("a booker's message lists what a booker may do", () => {
    expect(transitionError("Booked", "Applied", "booker")).toBe(
      "An application that is Booked cannot be set to Applied. Allowed: Reserve, Denied.",
    );
  });
});

describe("rules around the hours", () => {
  it("an ended shift turns Booked and Request accepted into Report!, nothing else", () => {
    for (const s of APPLICATION_STATUSES)
      expect(statusAfterShiftEnded(s)).toBe(
        s === "Booked" || s === "Request accepted" ? "Report!" : s,
      );
  });

  it("disapproving sets Report! without hours, Reported with them (spec §4)", () => {
    expect(statusAfterDisapproval(false)).toBe("Report!");
    expect(statusAfterDisapproval(true)).toBe("Reported");
  });

  it("the job follows its applications' hours", () => {
    expect(aggregateJobStatus("Published", { Booked: 2 }, false)).toBe("Published");
    expect(aggregateJobStatus("Published", { "Report!": 1, Reported: 1 }, true)).toBe("Report!");
    expect(aggregateJobStatus("Report!", { Reported: 2 }, true)).toBe("Reported");
    expect(aggregateJobStatus("Reported", { Approved: 2 }, true)).toBe("Approved");
    // More shifts to come: approved so far, but the job is not done.
    expect(aggregateJobStatus("Reported", { Approved: 2, Booked: 1 }, false)).toBe("Published");
    expect(aggregateJobStatus("Approved", { Reported: 1, Approved: 1 }, true)).toBe("Reported");
    for (const fixed of ["Draft", "Cancelled", "Invoiced", "Paid"] as const)
      expect(aggregateJobStatus(fixed, { "Report!": 3 }, true)).toBe(fixed);
  });
});

describe("bookedMessage", () => {
  it("names whom, what and where, one day or the number of shifts", () => {
    expect(bookedMessage("Ida Pedersen", "Booked", "Roskilde", ["Sat 27/06"])).toBe(
      "Ida Pedersen booked on Roskilde · Sat 27/06",
    );
    expect(bookedMessage("Ida Pedersen", "Reserve", "Roskilde", ["Sat 27/06", "Sun 28/06"])).toBe(
      "Ida Pedersen put on reserve for Roskilde · 2 shifts",
    );
    expect(bookedMessage("Ida Pedersen", "Requested", "Roskilde", [])).toBe(
      "Ida Pedersen requested for Roskilde",
    );
  });
});

describe("what a booker's change says", () => {
  it("names the worker, the job and the day, in plain words", () => {
    expect(APPLICATION_MESSAGES.moved("Ida Pedersen", "Sat 27/06", "Stagehand")).toBe(
      "Ida Pedersen moved to Sat 27/06 · Stagehand",
    );
    expect(APPLICATION_MESSAGES.deleted("Ida Pedersen", "Roskilde")).toBe(
      "Ida Pedersen removed from Roskilde",
    );
    expect(APPLICATION_MESSAGES.restored("Ida Pedersen", "Roskilde", "Sat 27/06")).toBe(
      "Ida Pedersen back on Roskilde · Sat 27/06",
    );
    expect(statusMessage("Ida Pedersen", "Applied", "Roskilde", ["Sat 27/06"])).toBe(
      "Ida Pedersen back among the applicants of Roskilde · Sat 27/06",
    );
    expect(statusMessage("Ida Pedersen", "Denied", "Roskilde", ["Sat 27/06"])).toBe(
      "Ida Pedersen turned down for Roskilde · Sat 27/06",
    );
    // A status without its own words still says which.
    expect(statusMessage("Ida Pedersen", "Request accepted", "Roskilde", [])).toBe(
      "Ida Pedersen set to Request accepted on Roskilde",
    );
  });

  it("keeps the spec's quoted texts for the worker's own answers", () => {
    expect(APPLICATION_MESSAGES.applied).toBe("Succesfully applied");
    expect(APPLICATION_MESSAGES.unapplied).toBe("Unapplied for shift");
  });
});

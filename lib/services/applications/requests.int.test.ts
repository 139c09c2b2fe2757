import { describe, expect, it } from "vitest";
import { type Db } from "@/db";
import { applicationStatus, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { changeApplicationStatus } from ".";

let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
/** "Now" for every test: a fixed Monday noon in Copenhagen. */
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k } = s));

const ctx = (userId: number, now = NOW) => k.ctx(userId, now);
const worker = (...a: Parameters<(typeof k)["worker"]>) => k.worker(...a);
const oneShiftJob = (start: string, end: string, positions = 2) =>
  k.oneShiftJob(start, end, positions);
const book = (...a: Parameters<(typeof k)["book"]>) => k.book(...a);
const filledOf = (slotId: number) => k.filledOf(slotId);

describe("requests: asked when made, checked again when the worker accepts", () => {
  it("a request is asked about overlap and rest like a booking (the requester answers for rest)", async () => {
    const a = await worker([w.skill], [], "Rhea Request");
    const night = await oneShiftJob("2026-12-19T18:00:00Z", "2026-12-19T23:00:00Z");
    await book(w.pm, a, night);
    const same = await oneShiftJob("2026-12-19T20:00:00Z", "2026-12-19T22:00:00Z");
    const overlap = await appErrorOf(book(w.pm, a, same, { status: "Requested" }));
    expect([overlap.status, overlap.type]).toEqual([409, "overlap"]);
    const morning = await oneShiftJob("2026-12-20T06:00:00Z", "2026-12-20T14:00:00Z");
    for (const requester of [w.pm, w.colA]) {
      const rest = await appErrorOf(book(requester, a, morning, { status: "Requested" }));
      expect([rest.status, rest.type]).toEqual([410, "rest_time"]);
      expect(rest.message).toMatch(/less than 11 hours of rest\. Request anyway\?$/);
    }
    expect(await k.filledOf(morning.slotId)).toBe(0);
    const [req] = await book(w.pm, a, morning, { status: "Requested", closely: true });
    expect(req).toMatchObject({ status: "Requested", closely: true });
    // The worker accepts without being asked again.
    const answer = await changeApplicationStatus(await ctx(a), req.id, {
      status: "Request accepted",
    });
    expect(answer.application.status).toBe("Request accepted");

    // Reserve → Requested asks the same.
    const b = await worker([w.skill]);
    await book(w.pm, b, night);
    const [held] = await book(w.pm, b, morning, { status: "Reserve" });
    const again = await appErrorOf(
      changeApplicationStatus(await ctx(w.pm), held.id, { status: "Requested" }),
    );
    expect([again.status, again.type]).toEqual([410, "rest_time"]);
    expect(await applicationStatus(db, held.id)).toBe("Reserve");
  });

  it("a requested worker accepts (counts as booked) or declines; a full slot refuses the accept", async () => {
    const s = await oneShiftJob("2026-12-30T08:00:00Z", "2026-12-30T12:00:00Z", 1);
    const a = await worker([w.skill]);
    const b = await worker([w.skill]);
    const [ra] = await book(w.pm, a, s, { status: "Requested" });
    const [rb] = await book(w.pm, b, s, { status: "Requested" });
    const accepted = await changeApplicationStatus(await ctx(a), ra.id, {
      status: "Request accepted",
    });
    expect(accepted.application.status).toBe("Request accepted");
    expect(await filledOf(s.slotId)).toBe(1);
    const full = await appErrorOf(
      changeApplicationStatus(await ctx(b), rb.id, { status: "Request accepted" }),
    );
    expect(full.status).toBe(409);
    const declined = await changeApplicationStatus(await ctx(b), rb.id, {
      status: "Request denied",
    });
    expect(declined.application.status).toBe("Request denied");
  });

  it("a worker cannot accept a request that leaves too little rest since a later booking; the planner can book them", async () => {
    const a = await worker([w.skill], [], "Rasmus Rest");
    const morning = await oneShiftJob("2026-12-20T06:00:00Z", "2026-12-20T14:00:00Z");
    const [req] = await book(w.pm, a, morning, { status: "Requested" });
    expect(req.closely).toBe(false);
    // Booked the evening before, after the request was made (and answered for rest there).
    const night = await oneShiftJob("2026-12-19T18:00:00Z", "2026-12-19T23:00:00Z");
    await book(w.pm, a, night, { closely: true });

    const err = await appErrorOf(
      changeApplicationStatus(await ctx(a), req.id, { status: "Request accepted" }),
    );
    expect([err.status, err.type]).toEqual([409, "rest_time"]);
    expect(err.message).toBe(
      "You are booked on Job 2026-12-19T18:00:00Z 19/12/2026 19:00 – 00:00, which leaves less than 11 hours of rest. Ask your planner to book you on this shift.",
    );
    // The worker cannot answer for the rest rule themselves.
    const own = await appErrorOf(
      changeApplicationStatus(await ctx(a), req.id, { status: "Request accepted", closely: true }),
    );
    expect(own.type).toBe("rest_time");
    expect(await applicationStatus(db, req.id)).toBe("Requested");
    expect(await filledOf(morning.slotId)).toBe(0);

    // The planner answers for it and books the worker.
    const pm = await ctx(w.pm);
    const asked = await appErrorOf(changeApplicationStatus(pm, req.id, { status: "Booked" }));
    expect([asked.status, asked.type]).toEqual([410, "rest_time"]);
    const booked = await changeApplicationStatus(pm, req.id, { status: "Booked", closely: true });
    expect(booked.application).toMatchObject({ status: "Booked", closely: true });
  });

  it("the worker still cannot accept a request that now overlaps another booking", async () => {
    const a = await worker([w.skill]);
    const day = await oneShiftJob("2026-12-21T08:00:00Z", "2026-12-21T16:00:00Z");
    const [req] = await book(w.pm, a, day, { status: "Requested" });
    await book(w.pm, a, await oneShiftJob("2026-12-21T12:00:00Z", "2026-12-21T18:00:00Z"));
    const err = await appErrorOf(
      changeApplicationStatus(await ctx(a), req.id, { status: "Request accepted" }),
    );
    expect([err.status, err.type]).toEqual([409, "overlap"]);
    expect(await applicationStatus(db, req.id)).toBe("Requested");
  });
});

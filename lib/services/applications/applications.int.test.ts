import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { applicationStatus, insertJob, jobRow, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { applicationChangeOptions, bookApplications, changeApplicationStatus } from ".";

let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
/** "Now" for every test: a fixed Monday noon in Copenhagen. */
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k } = s));

const at = (iso: string) => new Date(iso);
const ctx = (userId: number, now = NOW) => k.ctx(userId, now);
const worker = (...a: Parameters<(typeof k)["worker"]>) => k.worker(...a);
const oneShiftJob = (start: string, end: string, positions = 2, companyId = w.companyA) =>
  k.oneShiftJob(start, end, positions, companyId);
const book = (...a: Parameters<(typeof k)["book"]>) => k.book(...a);
const filledOf = (slotId: number) => k.filledOf(slotId);

describe("booking (POST applications)", () => {
  it("books a worker and answers the application with its status as the spec writes it", async () => {
    const s = await oneShiftJob("2026-12-10T17:00:00Z", "2026-12-10T23:00:00Z");
    const a = await worker([w.skill]);
    const [app] = await book(w.pm, a, s);
    expect(app).toMatchObject({
      assignee_id: a,
      status: "Booked",
      shift_id: s.shiftId,
      shift_slot_id: s.slotId,
      booked_by: { id: w.pm },
      start: "2026-12-10T18:00:00+01:00",
    });
    expect(app.booked_at).toMatch(/^2026-12-07T12:00:00\+01:00$/);
  });

  it("refuses the third worker on a two-position slot with a 409 naming the slot", async () => {
    const s = await oneShiftJob("2026-12-11T17:00:00Z", "2026-12-11T23:00:00Z");
    for (let i = 0; i < 2; i++) await book(w.pm, await worker([w.skill]), s);
    const third = await worker([w.skill]);
    const err = await appErrorOf(book(w.pm, third, s));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(
      /^This shift slot is full: Stagehand on Job .* has 2 of 2 positions filled\.$/,
    );
    expect(await filledOf(s.slotId)).toBe(2);
  });

  it("leaves exactly two filled applications after 20 concurrent bookings of a 2-position slot", async () => {
    const s = await oneShiftJob("2026-12-12T17:00:00Z", "2026-12-12T23:00:00Z");
    const workers = await Promise.all(Array.from({ length: 20 }, () => worker([w.skill])));
    const c = await ctx(w.pm);
    const results = await Promise.allSettled(
      workers.map((id) =>
        bookApplications(c, {
          assignee_id: id,
          shiftIds: [s.shiftId],
          shift_slots: [s.slotId],
          status: "Booked",
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as { status: number }).status).toBe(409);
    expect(await filledOf(s.slotId)).toBe(2);
  });

  it("refuses a worker already booked on an overlapping shift (409) and names the other shift", async () => {
    const a = await worker([w.skill]);
    const first = await oneShiftJob("2026-12-14T08:00:00Z", "2026-12-14T16:00:00Z");
    const second = await oneShiftJob("2026-12-14T12:00:00Z", "2026-12-14T20:00:00Z");
    await book(w.pm, a, first);
    const err = await appErrorOf(book(w.pm, a, second));
    expect(err.status).toBe(409);
    expect(err.type).toBe("overlap");
    expect(err.message).toContain(
      "is already booked on Job 2026-12-14T08:00:00Z 14/12/2026 09:00 – 17:00",
    );
  });

  it("warns with 410 when the rest between two bookings is under 11 hours; closely books anyway", async () => {
    const a = await worker([w.skill]);
    const night = await oneShiftJob("2026-12-15T18:00:00Z", "2026-12-15T23:00:00Z");
    const morning = await oneShiftJob("2026-12-16T06:00:00Z", "2026-12-16T14:00:00Z");
    await book(w.pm, a, night);
    const err = await appErrorOf(book(w.pm, a, morning));
    expect(err.status).toBe(410);
    expect(err.type).toBe("rest_time");
    expect(err.message).toMatch(/less than 11 hours of rest\. Book anyway\?$/);
    expect(err.message).toContain("15/12/2026 19:00 – 00:00");
    const [app] = await book(w.pm, a, morning, { closely: true });
    expect(app).toMatchObject({ status: "Booked", closely: true });
  });

  it("a client contact who books is not told another company's job behind an overlap or rest warning", async () => {
    const a = await worker([w.skill], [], "Ida Elsewhere");
    const theirs = await oneShiftJob("2026-12-17T08:00:00Z", "2026-12-17T16:00:00Z", 2, w.companyB);
    await book(w.pm, a, theirs);
    const same = await oneShiftJob("2026-12-17T12:00:00Z", "2026-12-17T20:00:00Z");
    const overlap = await appErrorOf(book(w.colEditorA, a, same));
    expect([overlap.status, overlap.type]).toEqual([409, "overlap"]);
    expect(overlap.message).toBe("Ida Elsewhere is already booked elsewhere at the same time.");
    const early = await oneShiftJob("2026-12-18T00:00:00Z", "2026-12-18T04:00:00Z");
    const rest = await appErrorOf(book(w.colEditorA, a, early));
    expect([rest.status, rest.type]).toEqual([410, "rest_time"]);
    expect(rest.message).toBe(
      "Ida Elsewhere has another booking that leaves less than 11 hours of rest. Book anyway?",
    );
    // The office is told which booking it is.
    expect((await appErrorOf(book(w.pm, a, same))).message).toContain("Job 2026-12-17T08:00:00Z");

    // Moving: the options of another shift name the clash the same way.
    const two = await insertJob(db, {
      clientRates: true,
      name: "Two days (move)",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: at("2026-12-16T08:00:00Z"),
          endsAt: at("2026-12-16T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
        {
          startsAt: at("2026-12-17T09:00:00Z"),
          endsAt: at("2026-12-17T11:00:00Z"),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
      ],
    });
    const [s1, s2] = two.shifts;
    const [placed] = await book(w.pm, a, { shiftId: s1.id, slotId: s1.slots[0].id });
    const conflictOf = async (userId: number) =>
      (await applicationChangeOptions(await ctx(userId), s1.id, placed.id)).shifts.find(
        (x) => x.shift_id === s2.id,
      )?.conflict?.message;
    expect(await conflictOf(w.colEditorA)).toBe(
      "Ida Elsewhere is already booked elsewhere at the same time.",
    );
    expect(await conflictOf(w.pm)).toContain("Job 2026-12-17T08:00:00Z");
  });

  it("follows the country's rest hours setting", async () => {
    await db
      .update(schema.countries)
      .set({ restHours: 4 })
      .where(eq(schema.countries.id, w.countryId));
    try {
      const a = await worker([w.skill]);
      await book(w.pm, a, await oneShiftJob("2026-12-17T08:00:00Z", "2026-12-17T12:00:00Z"));
      const [app] = await book(
        w.pm,
        a,
        await oneShiftJob("2026-12-17T17:00:00Z", "2026-12-17T20:00:00Z"),
      );
      expect(app.status).toBe("Booked");
    } finally {
      await db
        .update(schema.countries)
        .set({ restHours: 11 })
        .where(eq(schema.countries.id, w.countryId));
    }
  });

  it("asks before booking a worker without the slot's skill (410), and books with book_anyway", async () => {
    const s = await oneShiftJob("2026-12-18T08:00:00Z", "2026-12-18T12:00:00Z");
    const a = await worker([w.skill2], [], "Rita Rigger");
    const err = await appErrorOf(book(w.pm, a, s));
    expect(err.status).toBe(410);
    expect(err.type).toBe("missing_skill");
    expect(err.message).toBe("Rita Rigger does not have the skill Stagehand. Book anyway?");
    const [app] = await book(w.pm, a, s, { book_anyway: true });
    expect(app.book_anyway).toBe(true);
  });

  it("refuses a deactivated worker with 409", async () => {
    const s = await oneShiftJob("2026-12-19T08:00:00Z", "2026-12-19T12:00:00Z");
    const a = await worker([w.skill], [], "Dee Activated");
    await db.update(schema.users).set({ status: "deactivated" }).where(eq(schema.users.id, a));
    const err = await appErrorOf(book(w.pm, a, s));
    expect(err.status).toBe(409);
    expect(err.message).toBe("Dee Activated is deactivated and cannot be booked.");
  });

  it("books one worker onto several shifts at once, or onto none when one refuses", async () => {
    const job = await insertJob(db, {
      clientRates: true,
      name: "Three days",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: ["2026-12-21", "2026-12-22", "2026-12-23"].map((d) => ({
        startsAt: at(`${d}T08:00:00Z`),
        endsAt: at(`${d}T16:00:00Z`),
        slots: [{ skillId: w.skill, positions: 1 }],
      })),
    });
    const a = await worker([w.skill]);
    const b = await worker([w.skill]);
    const shiftIds = job.shifts.map((s) => s.id);
    const apps = await bookApplications(await ctx(w.crewHandler), {
      assignee_id: a,
      shiftIds: shiftIds.slice(0, 2),
      shift_slots: [job.shifts[0].slots[0].id],
      status: "Booked",
    });
    expect(apps.map((x) => x.shift_slot_id)).toEqual([
      job.shifts[0].slots[0].id,
      job.shifts[1].slots[0].id,
    ]);
    // Shift 2 is now full: booking b on shifts 2 and 3 writes nothing.
    const err = await appErrorOf(
      bookApplications(await ctx(w.crewHandler), {
        assignee_id: b,
        shiftIds: [shiftIds[2], shiftIds[1]],
        shift_slots: [job.shifts[2].slots[0].id],
        status: "Booked",
      }),
    );
    expect(err.status).toBe(409);
    expect(await filledOf(job.shifts[2].slots[0].id)).toBe(0);
  });

  it("rejects bad input with 422 and writes nothing", async () => {
    const c = await ctx(w.pm);
    for (const body of [
      {},
      { assignee_id: "x", shift_slots: [1], status: "Booked" },
      { assignee_id: w.worker, shift_slots: [], status: "Booked" },
      { assignee_id: w.worker, shift_slots: [2_000_000], status: "Booked" },
      { assignee_id: w.worker, shift_slots: [1], status: "Approved" },
      { assignee_id: w.worker, shift_slots: [1], status: "Booked", booked_at: "yesterday" },
    ]) {
      const err = await appErrorOf(bookApplications(c, body));
      expect(err.status, JSON.stringify(body)).toBe(422);
    }
  });

  it("a Booked application on a shift that has already ended owes its hours at once", async () => {
    const s = await oneShiftJob("2026-12-01T08:00:00Z", "2026-12-01T12:00:00Z");
    const [app] = await book(w.pm, await worker([w.skill]), s);
    expect(app.status).toBe("Report!");
    expect((await jobRow(db, s.jobId)).status).toBe("Report!");
  });
});

describe("who may book", () => {
  it("a worker cannot book, and may apply only for itself", async () => {
    const s = await oneShiftJob("2026-12-24T08:00:00Z", "2026-12-24T12:00:00Z");
    const a = await worker([w.skill]);
    expect((await appErrorOf(book(a, a, s))).status).toBe(403);
    const other = await worker([w.skill]);
    const err = await appErrorOf(
      bookApplications(await ctx(a), {
        assignee_id: other,
        shift_slots: [s.slotId],
        status: "Applied",
      }),
    );
    expect(err.status).toBe(403);
  });

  it("a client contact may request workers on its own company's jobs only, and not book them", async () => {
    const own = await oneShiftJob("2026-12-26T08:00:00Z", "2026-12-26T12:00:00Z");
    const other = await oneShiftJob("2026-12-26T14:00:00Z", "2026-12-26T18:00:00Z", 2, w.companyB);
    const a = await worker([w.skill]);
    const [req] = await book(w.colA, a, own, { status: "Requested" });
    expect(req.status).toBe("Requested");
    expect((await appErrorOf(book(w.colA, a, other, { status: "Requested" }))).status).toBe(404);
    expect((await appErrorOf(book(w.colA, a, own, { status: "Booked" }))).status).toBe(403);
    // A client contact who also books (extra role) cannot book on another company's job.
    expect((await appErrorOf(book(w.colEditorA, a, other))).status).toBe(404);
  });
});

describe("applying, requests and the transition table", () => {
  it("a worker applies for an open shift and unapplies (Denied)", async () => {
    const s = await oneShiftJob("2026-12-28T08:00:00Z", "2026-12-28T12:00:00Z");
    const a = await worker([w.skill]);
    const c = await ctx(a);
    const [app] = await bookApplications(c, {
      assignee_id: a,
      shift_slots: [s.slotId],
      status: "Applied",
    });
    expect(app.status).toBe("Applied");
    expect(
      (
        await appErrorOf(
          bookApplications(c, { assignee_id: a, shift_slots: [s.slotId], status: "Applied" }),
        )
      ).message,
    ).toBe("You have already applied for this shift.");
    const res = await changeApplicationStatus(c, app.id, { status: "Denied" });
    expect(res).toMatchObject({
      message: "Unapplied for shift",
      application: { status: "Denied" },
    });
    // Applying again re-opens the same application.
    const again = await changeApplicationStatus(c, app.id, { status: "Applied" });
    expect(again.message).toBe("Succesfully applied");
  });

  it("a worker cannot apply for a shift without its skill, or one that has started", async () => {
    const s = await oneShiftJob("2026-12-29T08:00:00Z", "2026-12-29T12:00:00Z");
    const started = await oneShiftJob("2026-12-07T10:00:00Z", "2026-12-07T18:00:00Z");
    const noSkill = await worker([w.skill2]);
    const a = await worker([w.skill]);
    const apply = async (id: number, slotId: number) =>
      appErrorOf(
        bookApplications(await ctx(id), {
          assignee_id: id,
          shift_slots: [slotId],
          status: "Applied",
        }),
      );
    expect((await apply(noSkill, s.slotId)).message).toBe("This shift is not open to you.");
    expect((await apply(a, started.slotId)).message).toBe("This shift has already started.");
  });

  it("an illegal change is a 409 that says what is allowed", async () => {
    const s = await oneShiftJob("2026-12-31T08:00:00Z", "2026-12-31T12:00:00Z");
    const a = await worker([w.skill]);
    const [app] = await book(w.pm, a, s);
    const err = await appErrorOf(
      changeApplicationStatus(await ctx(w.pm), app.id, { status: "Request accepted" }),
    );
    expect(err.status).toBe(409);
    expect(err.message).toBe(
      "An application that is Booked cannot be set to Request accepted. Allowed: Reserve, Denied.",
    );
    const own = await appErrorOf(
      changeApplicationStatus(await ctx(a), app.id, { status: "Denied" }),
    );
    expect(own.status).toBe(409);
    expect(own.message).toBe(
      "An application that is Booked cannot be set to Denied. Allowed: none.",
    );
    const hours = await appErrorOf(
      changeApplicationStatus(await ctx(w.pm), app.id, { status: "Reported" }),
    );
    expect(hours.status).toBe(409);
  });

  it("another worker cannot see or change someone's application (404)", async () => {
    const s = await oneShiftJob("2027-01-02T08:00:00Z", "2027-01-02T12:00:00Z");
    const [app] = await book(w.pm, await worker([w.skill]), s, { status: "Requested" });
    const stranger = await worker([w.skill]);
    const err = await appErrorOf(
      changeApplicationStatus(await ctx(stranger), app.id, { status: "Request accepted" }),
    );
    expect(err.status).toBe(404);
    expect(await applicationStatus(db, app.id)).toBe("Requested");
  });

  it("slugs are accepted for the status", async () => {
    const s = await oneShiftJob("2027-01-03T08:00:00Z", "2027-01-03T12:00:00Z");
    const a = await worker([w.skill]);
    const [app] = await book(w.pm, a, s, { status: "requested" });
    const res = await changeApplicationStatus(await ctx(a), app.id, { status: "request-accepted" });
    expect(res.application.status).toBe("Request accepted");
  });
});

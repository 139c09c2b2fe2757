import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { fetchJobForView } from "../jobs/view";
import { jobCrewStatus, shiftCrewStatus, updateAfterBook } from "./index";
import {
  TZ,
  apply,
  as,
  counts,
  db,
  deletedShift,
  handle,
  jobA,
  jobB,
  p,
  setUpCrewDatabase,
  viewerOnly,
  w,
} from "./crew.test-support";

setUpCrewDatabase();

describe("jobCrewStatus", () => {
  it("counts only filled statuses as filled, and checked-in crew, per slot, shift and job", async () => {
    const status = await jobCrewStatus(await as(w.crewHandler), jobA.id);
    const [s1, s2] = jobA.shifts;
    expect(status.job).toEqual({
      id: jobA.id,
      name: "Crew job A",
      status: "Published",
      time_zone: TZ,
    });
    expect(status.shifts.map((s) => s.id)).toEqual([s1.id, s2.id]);
    expect(status.shifts[0]).toEqual({
      id: s1.id,
      start: "2026-12-10T08:00:00+01:00",
      end: "2026-12-10T12:00:00+01:00",
      positions: 4,
      filled: 3,
      free: 1,
      checked_in: 2,
      applications: counts({
        Booked: 1,
        Applied: 1,
        Reserve: 1,
        "Request accepted": 1,
        Denied: 1,
        Reported: 1,
      }),
      slots: [
        {
          id: s1.slots[0].id,
          skill: { id: w.skill, name: "Stagehand" },
          positions: 3,
          filled: 2,
          free: 1,
        },
        {
          id: s1.slots[1].id,
          skill: { id: w.skill2, name: "Rigger" },
          positions: 1,
          filled: 1,
          free: 0,
        },
      ],
    });
    expect(status.shifts[1]).toMatchObject({
      positions: 2,
      filled: 1,
      free: 1,
      checked_in: 0,
      applications: counts({ Booked: 1, Requested: 1 }),
    });
    expect(status).toMatchObject({
      positions: 6,
      filled: 4,
      free: 2,
      checked_in: 2,
      applications: counts({
        Booked: 2,
        Applied: 1,
        Reserve: 1,
        Requested: 1,
        "Request accepted": 1,
        Denied: 1,
        Reported: 1,
      }),
    });
  });

  it("needs two queries whatever the number of shifts", async () => {
    const counting = countingDb(handle);
    const ctx = { ...(await as(w.admin)), db: counting.db };
    counting.reset();
    await jobCrewStatus(ctx, jobA.id);
    expect(counting.statements()).toBe(2);
  });

  it("shows a client contact its own company's jobs only, and refuses workers and mere viewers", async () => {
    expect((await jobCrewStatus(await as(w.colA), jobA.id)).filled).toBe(4);
    expect((await appErrorOf(jobCrewStatus(await as(w.colB), jobA.id))).status).toBe(404);
    expect((await appErrorOf(jobCrewStatus(await as(w.worker), jobA.id))).status).toBe(403);
    expect((await appErrorOf(jobCrewStatus(await as(viewerOnly), jobA.id))).status).toBe(403);
    expect((await appErrorOf(jobCrewStatus(await as(w.admin), 999_999))).status).toBe(404);
    expect((await appErrorOf(jobCrewStatus(await as(w.admin), "x1"))).status).toBe(404);
  });
});

describe("shiftCrewStatus", () => {
  it("lists each slot's people, crew first, with phone, check-in and reported hours", async () => {
    const [s1] = jobA.shifts;
    const status = await shiftCrewStatus(await as(w.pm), s1.id);
    const job = await jobCrewStatus(await as(w.pm), jobA.id);
    const { slots, job: j, ...figures } = status;
    const { slots: jobSlots, ...jobFigures } = job.shifts[0];
    expect(j.id).toBe(jobA.id);
    expect(figures).toEqual(jobFigures);
    expect(slots.map(({ crew: _crew, ...s }) => s)).toEqual(jobSlots);

    const stagehands = slots[0].crew;
    expect(stagehands.map((c) => [c.worker.name, c.status])).toEqual([
      ["Bea Worker", "Booked"],
      ["Di Worker", "Request accepted"],
      ["Bo Worker", "Applied"],
      ["Cy Worker", "Reserve"],
      ["Ed Worker", "Denied"],
    ]);
    expect(stagehands[0]).toMatchObject({
      worker: { id: p.Bea, name: "Bea Worker", phone: "+45 11 22 33 44" },
      check_in_at: "2026-12-10T07:55:00+01:00",
      booked_at: "2026-12-01T09:00:00+01:00",
      reported_hours: null,
    });
    expect(slots[1].crew).toEqual([
      expect.objectContaining({
        worker: expect.objectContaining({ id: p.Fi }),
        status: "Reported",
        check_in_at: "2026-12-10T08:05:00+01:00",
        reported_hours: expect.objectContaining({
          start: "2026-12-10T08:00:00+01:00",
          end: "2026-12-10T11:30:00+01:00",
        }),
      }),
    ]);
    // The removed Runner slot and Hu on it are not there.
    expect(slots).toHaveLength(2);
  });

  it("answers in two queries", async () => {
    const counting = countingDb(handle);
    const ctx = { ...(await as(w.admin)), db: counting.db };
    counting.reset();
    await shiftCrewStatus(ctx, jobA.shifts[0].id);
    expect(counting.statements()).toBe(2);
  });

  it("is 404 for a removed shift or another company's, 403 for a worker", async () => {
    expect((await appErrorOf(shiftCrewStatus(await as(w.admin), deletedShift))).status).toBe(404);
    expect((await appErrorOf(shiftCrewStatus(await as(w.colB), jobA.shifts[0].id))).status).toBe(
      404,
    );
    expect((await appErrorOf(shiftCrewStatus(await as(w.colA), jobB.shifts[0].id))).status).toBe(
      404,
    );
    expect((await appErrorOf(shiftCrewStatus(await as(w.worker), jobA.shifts[0].id))).status).toBe(
      403,
    );
  });
});

describe("updateAfterBook", () => {
  it("gives the job status and the fill figures of job, shifts and slots, as the job page shows them", async () => {
    const after = await updateAfterBook(await as(w.crewHandler), jobA.id);
    const [s1, s2] = jobA.shifts;
    expect(after).toEqual({
      id: jobA.id,
      status: "Published",
      positions: 6,
      filled: 4,
      shifts: [
        {
          id: s1.id,
          positions: 4,
          filled: 3,
          slots: [
            { id: s1.slots[0].id, positions: 3, filled: 2 },
            { id: s1.slots[1].id, positions: 1, filled: 1 },
          ],
        },
        {
          id: s2.id,
          positions: 2,
          filled: 1,
          slots: [{ id: s2.slots[0].id, positions: 2, filled: 1 }],
        },
      ],
    });
    const view = await fetchJobForView(await as(w.crewHandler), jobA.id);
    expect(view.filled).toBe(after.filled);
    expect(view.shifts.map((s) => [s.id, s.positions, s.filled])).toEqual(
      after.shifts.map((s) => [s.id, s.positions, s.filled]),
    );
  });

  it("follows a booking", async () => {
    const app = await apply(jobA.shifts[1].slots[0].id, p.Cy, "Booked");
    try {
      const after = await updateAfterBook(await as(w.admin), jobA.id);
      expect(after.filled).toBe(5);
      expect(after.shifts[1].slots[0].filled).toBe(2);
    } finally {
      await db.delete(schema.applications).where(eq(schema.applications.id, app));
    }
  });

  it("is for the book tab's users in scope", async () => {
    expect((await updateAfterBook(await as(w.colA), jobA.id)).id).toBe(jobA.id);
    expect((await appErrorOf(updateAfterBook(await as(w.colB), jobA.id))).status).toBe(404);
    expect((await appErrorOf(updateAfterBook(await as(w.worker), jobA.id))).status).toBe(403);
  });
});

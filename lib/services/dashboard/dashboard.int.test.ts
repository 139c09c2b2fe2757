import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { makeCtx } from "@/lib/services/context";
import { agencyDashboard, workerDashboard } from ".";

/**
 * A small agency: company A and company B, published, cancelled and finished jobs with
 * shifts before and after `now`, and applications in every status that matters. The
 * expected figures are worked out by hand next to the data.
 */
const now = new Date("2031-05-14T10:00:00.000Z");
const H = 3_600_000;
const inHours = (h: number, base = now) => new Date(base.getTime() + h * H);
/**
 * Tests that add data of their own place it around this earlier "now", so it lies in the
 * past of `now` and leaves the figures of the shared dataset untouched.
 */
const earlier = new Date(now.getTime() - 1000 * 24 * H);

let handle: DbHandle;
let db: Db;
let companyA: number;
let companyB: number;
let countryId: number;
let skillId: number;
let otherSkillId: number;

const ids = {
  admin: 0,
  clientA: 0,
  clientNoCompany: 0,
  clientC: 0,
  worker: 0,
  otherWorker: 0,
  crew: [] as number[],
  shiftA1Future: 0,
  shiftB1Soon: 0,
  shiftB1Later: 0,
};

interface SlotSpec {
  skill?: number;
  positions: number;
  apps?: [assignee: number, status: ApplicationStatus][];
}
interface ShiftSpec {
  from: number;
  hours: number;
  slots: SlotSpec[];
}

/** A job with its shifts, slots and applications, written straight into the schema. */
async function makeJob(
  companyId: number,
  name: string,
  status: JobStatus,
  shifts: ShiftSpec[],
  base = now,
) {
  const starts = shifts.map((s) => inHours(s.from, base).getTime());
  const ends = shifts.map((s) => inHours(s.from + s.hours, base).getTime());
  const [job] = await db
    .insert(schema.jobs)
    .values({
      name,
      status,
      companyId,
      countryId,
      city: "Aarhus",
      address: `${name} street 1`,
      startsAt: new Date(Math.min(...starts)),
      endsAt: new Date(Math.max(...ends)),
    })
    .returning({ id: schema.jobs.id });
  const shiftIds: number[] = [];
  for (const s of shifts) {
    const [shift] = await db
      .insert(schema.shifts)
      .values({
        jobId: job.id,
        startsAt: inHours(s.from, base),
        endsAt: inHours(s.from + s.hours, base),
      })
      .returning({ id: schema.shifts.id });
    shiftIds.push(shift.id);
    for (const slot of s.slots) {
      const [row] = await db
        .insert(schema.shiftSlots)
        .values({ shiftId: shift.id, skillId: slot.skill ?? skillId, positions: slot.positions })
        .returning({ id: schema.shiftSlots.id });
      for (const [assigneeId, appStatus] of slot.apps ?? []) {
        await db
          .insert(schema.applications)
          .values({ shiftSlotId: row.id, shiftId: shift.id, assigneeId, status: appStatus });
      }
    }
  }
  return { jobId: job.id, shiftIds };
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const a = await createCountryAndCompany(db, "Company A");
  const b = await createCountryAndCompany(db, "Company B");
  companyA = a.company.id;
  companyB = b.company.id;
  countryId = a.country.id;
  const [skill] = await db
    .insert(schema.skills)
    .values({ name: "Stagehand" })
    .returning({ id: schema.skills.id });
  const [other] = await db
    .insert(schema.skills)
    .values({ name: "Rigger" })
    .returning({ id: schema.skills.id });
  skillId = skill.id;
  otherSkillId = other.id;

  ids.admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  ids.clientA = (await createUser(db, { roles: [ROLE.client], companyId: companyA })).id;
  ids.clientNoCompany = (await createUser(db, { roles: [ROLE.client] })).id;
  ids.worker = (await createUser(db, { name: "Walter Worker", roles: [ROLE.worker] })).id;
  ids.otherWorker = (await createUser(db, { roles: [ROLE.worker] })).id;
  for (let i = 0; i < 9; i++) ids.crew.push((await createUser(db, { roles: [ROLE.worker] })).id);
  // Two applicants waiting for approval (admin sees the count, the client contact does not).
  await createUser(db, { approved: false, roles: [ROLE.worker] });
  await createUser(db, { approved: false });
  const [c1, c2, c3, c4, c5, c6, c7, c8, c9] = ids.crew;
  const w = ids.worker;

  // Company A, published: a past shift (hours reported) and a shift in 2 days with two slots.
  //   slot 1: 3 positions, Booked + Request accepted fill 2, Applied fills none → 1 open
  //   slot 2: 2 positions, nobody → 2 open
  const a1 = await makeJob(companyA, "A1 Festival", "Published", [
    { from: -72, hours: 8, slots: [{ positions: 4, apps: [[w, "Reported"]] }] },
    {
      from: 48,
      hours: 8,
      slots: [
        {
          positions: 3,
          apps: [
            [w, "Booked"],
            [c1, "Applied"],
            [c2, "Request accepted"],
          ],
        },
        { skill: otherSkillId, positions: 2 },
      ],
    },
  ]);
  ids.shiftA1Future = a1.shiftIds[1];

  // Company A, cancelled: neither upcoming nor open, and not the worker's next shift.
  await makeJob(companyA, "A2 Cancelled gala", "Cancelled", [
    { from: 24, hours: 6, slots: [{ positions: 5, apps: [[c3, "Booked"]] }] },
  ]);

  // Company B, published: a shift in 5 days (4 positions; Booked, Report!, Approved fill 3,
  // Denied and Reserve do not → 1 open) and one in 10 days (3 positions; Request accepted by
  // the worker fills 1 → 2 open; outside the 7-day window).
  const b1 = await makeJob(companyB, "B1 Conference", "Published", [
    {
      from: 120,
      hours: 10,
      slots: [
        {
          positions: 4,
          apps: [
            [c1, "Booked"],
            [c2, "Report!"],
            [c3, "Approved"],
            [c4, "Denied"],
            [ids.otherWorker, "Reserve"],
          ],
        },
      ],
    },
    { from: 240, hours: 10, slots: [{ positions: 3, apps: [[w, "Request accepted"]] }] },
  ]);
  ids.shiftB1Soon = b1.shiftIds[0];
  ids.shiftB1Later = b1.shiftIds[1];

  // Company B, finished: hours reported and to report, nothing upcoming.
  await makeJob(companyB, "B2 Past fair", "Published", [
    {
      from: -48,
      hours: 8,
      slots: [
        {
          positions: 2,
          apps: [
            [w, "Report!"],
            [c4, "Reported"],
          ],
        },
      ],
    },
  ]);

  // Company B: the worker applied and is on a reserve list and requested elsewhere; the
  // other worker is booked earlier than the worker's own next shift.
  await makeJob(companyB, "B3 Applied", "Published", [
    {
      from: 30,
      hours: 4,
      slots: [
        {
          positions: 1,
          apps: [
            [w, "Applied"],
            [ids.otherWorker, "Booked"],
          ],
        },
      ],
    },
  ]);
  await makeJob(companyB, "B4 Reserve", "Published", [
    { from: 60, hours: 4, slots: [{ positions: 1, apps: [[w, "Reserve"]] }] },
  ]);
  await makeJob(companyB, "B5 Requested", "Published", [
    { from: 72, hours: 4, slots: [{ positions: 1, apps: [[w, "Requested"]] }] },
  ]);

  // Company C: every status once, each slot with at least one filled application.
  const c = await createCountryAndCompany(db, "Company C");
  ids.clientC = (await createUser(db, { roles: [ROLE.client], companyId: c.company.id })).id;
  await makeJob(c.company.id, "C1 Status mix", "Published", [
    {
      from: 50,
      hours: 5,
      slots: [
        {
          positions: 6,
          apps: [
            [c5, "Booked"],
            [c6, "Applied"],
            [c7, "Reserve"],
            [c8, "Denied"],
            [c9, "Report!"],
          ],
        },
        { skill: otherSkillId, positions: 2, apps: [[c1, "Approved"]] },
      ],
    },
    {
      from: 70,
      hours: 5,
      slots: [
        {
          positions: 2,
          apps: [
            [c5, "Reported"],
            [c6, "Request accepted"],
            [c7, "Requested"],
            [c8, "Request denied"],
          ],
        },
      ],
    },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("agencyDashboard", () => {
  it("shows an administrator the figures of every company", async () => {
    const d = await agencyDashboard(await ctxFor(db, ids.admin, { now }));
    // A1, B1, B3, B4, B5, C1 (A2 is cancelled, B2 has ended).
    expect(d.upcomingJobs).toBe(6);
    // A1 +48h, B1 +120h, B3 +30h, B4 +60h, B5 +72h, C1 +50h and +70h; not A2 (cancelled)
    // nor B1 +240h (beyond the week).
    expect(d.shiftsThisWeek).toBe(7);
    // A1 3+2, B1 4+3, B3 1, B4 1, B5 1, C1 6+2+2.
    expect(d.totalPositions).toBe(25);
    // A1 past shift, B2, C1.
    expect(d.hoursAwaitingApproval).toBe(3);
    expect(d.applicantsAwaiting).toBe(2);
    // The five earliest shifts of published jobs that have not ended.
    expect(d.nextShifts.map((s) => s.jobName)).toEqual([
      "B3 Applied",
      "A1 Festival",
      "C1 Status mix",
      "B4 Reserve",
      "C1 Status mix",
    ]);
    expect(d.nextShifts[1]).toMatchObject({
      shiftId: ids.shiftA1Future,
      companyName: "Company A",
      timeZone: "Europe/Copenhagen",
    });
  });

  it("shows a client contact only its own company's jobs and figures", async () => {
    const d = await agencyDashboard(await ctxFor(db, ids.clientA, { now }));
    expect(d.upcomingJobs).toBe(1);
    expect(d.shiftsThisWeek).toBe(1);
    expect(d.totalPositions).toBe(5);
    expect(d.hoursAwaitingApproval).toBe(1);
    expect(d.applicantsAwaiting).toBeNull();
    expect(d.nextShifts.map((s) => s.shiftId)).toEqual([ids.shiftA1Future]);
    expect(new Set(d.nextShifts.map((s) => s.companyName))).toEqual(new Set(["Company A"]));
  });

  // Slot by slot (A1 s1, A1 s2, B1 +120h, B1 +240h, B3, B4, B5, C1 ×3): 25 positions minus
  // (2 + 0 + 3 + 1 + 1 + 0 + 0 + 5) filled = 13. A slot nobody fills counts as fully open.
  it("counts open positions as positions minus filled applications (admin)", async () => {
    const d = await agencyDashboard(await ctxFor(db, ids.admin, { now }));
    expect(d.openPositions).toBe(13);
  });

  // Client contact of A: slot 1 has 1 open, slot 2 (nobody) has 2 → expected 3,
  // actual 1.
  it("counts open positions as positions minus filled applications (client contact)", async () => {
    const d = await agencyDashboard(await ctxFor(db, ids.clientA, { now }));
    expect(d.openPositions).toBe(3);
  });

  it("counts Booked, Request accepted, Report!, Reported and Approved as filled, not Applied, Reserve or Denied", async () => {
    // Every slot of company C has a filled application, so this figure does not depend on
    // the empty-slot bug above: only the status arithmetic is under test.
    const d = await agencyDashboard(await ctxFor(db, ids.clientC, { now }));
    expect(d.totalPositions).toBe(10);
    // 6 − 2 (Booked, Report!) + 2 − 1 (Approved) + 2 − 2 (Reported, Request accepted).
    expect(d.openPositions).toBe(5);
    expect(d.upcomingJobs).toBe(1);
    expect(d.hoursAwaitingApproval).toBe(1);
  });

  it("refuses a worker with 403 and a caller who is not signed in with 401", async () => {
    expect((await appErrorOf(agencyDashboard(await ctxFor(db, ids.worker, { now })))).status).toBe(
      403,
    );
    expect((await appErrorOf(agencyDashboard(makeCtx(db, null, { now })))).status).toBe(401);
  });

  it("shows a client contact without a company no other company's jobs", async () => {
    const d = await agencyDashboard(await ctxFor(db, ids.clientNoCompany, { now }));
    expect(d.upcomingJobs).toBe(0);
    expect(d.nextShifts).toEqual([]);
  });

  it("runs a fixed number of statements, however much data there is", async () => {
    const counted = countingDb(handle);
    const ctx = await ctxFor(db, ids.admin, { now: earlier });
    counted.reset();
    await agencyDashboard({ ...ctx, db: counted.db });
    const first = counted.statements();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(8);

    const { company } = await createCountryAndCompany(db, "Company Bulk");
    for (let i = 0; i < 5; i++) {
      await makeJob(
        company.id,
        `Bulk ${i}`,
        "Published",
        [{ from: 100 + i, hours: 2, slots: [{ positions: 2, apps: [[ids.crew[0], "Booked"]] }] }],
        earlier,
      );
    }
    counted.reset();
    await agencyDashboard({ ...ctx, db: counted.db });
    expect(counted.statements()).toBe(first);
  });
});

describe("workerDashboard", () => {
  it("shows the worker's next booked shift and counts of its own applications only", async () => {
    const d = await workerDashboard(await ctxFor(db, ids.worker, { now }));
    // Earliest upcoming Booked/Request accepted: A1 +48h (B3 +30h is only Applied, and the
    // other worker's booking on it is not the worker's).
    expect(d.nextShift).toMatchObject({
      shift_id: ids.shiftA1Future,
      status: "Booked",
      job: { name: "A1 Festival" },
      skill: { name: "Stagehand" },
      time_zone: "Europe/Copenhagen",
      city: "Aarhus",
    });
    expect(new Date(d.nextShift!.start).getTime()).toBe(inHours(48).getTime());
    expect(d.upcomingBooked).toBe(2); // A1 Booked, B1 +240h Request accepted
    expect(d.pending).toBe(2); // B3 Applied, B4 Reserve
    expect(d.requests).toBe(1); // B5
    expect(d.toReport).toBe(1); // B2
    expect(d.awaitingApproval).toBe(1); // A1 past shift
  });

  it("shows a worker without applications nothing of other workers", async () => {
    const fresh = await createUser(db, { roles: [ROLE.worker] });
    const d = await workerDashboard(await ctxFor(db, fresh.id, { now }));
    expect(d).toEqual({
      nextShift: null,
      upcomingBooked: 0,
      pending: 0,
      requests: 0,
      toReport: 0,
      awaitingApproval: 0,
    });
  });

  it("takes a Request accepted shift as the next one when it comes first", async () => {
    const fresh = await createUser(db, { roles: [ROLE.worker] });
    const { shiftIds } = await makeJob(
      companyB,
      "B6 Accepted first",
      "Published",
      [
        { from: 20, hours: 4, slots: [{ positions: 1, apps: [[fresh.id, "Request accepted"]] }] },
        { from: 44, hours: 4, slots: [{ positions: 1, apps: [[fresh.id, "Booked"]] }] },
        { from: 10, hours: 4, slots: [{ positions: 1, apps: [[fresh.id, "Applied"]] }] },
        { from: -30, hours: 4, slots: [{ positions: 1, apps: [[fresh.id, "Booked"]] }] },
      ],
      earlier,
    );
    const d = await workerDashboard(await ctxFor(db, fresh.id, { now: earlier }));
    expect(d.nextShift).toMatchObject({ shift_id: shiftIds[0], status: "Request accepted" });
    expect(d.upcomingBooked).toBe(2);
    expect(d.pending).toBe(1);
    // The Booked shift that ended 26 hours ago waits for hours, without waiting for the sweep.
    expect(d.toReport).toBe(1);
  });

  it("does not count bookings on cancelled jobs as booked shifts ahead", async () => {
    const fresh = await createUser(db, { roles: [ROLE.worker] });
    const slot = (status: ApplicationStatus) => [
      { positions: 1, apps: [[fresh.id, status]] as [number, ApplicationStatus][] },
    ];
    await makeJob(
      companyA,
      "A7 Cancelled",
      "Cancelled",
      [{ from: 12, hours: 4, slots: slot("Booked") }],
      earlier,
    );
    const { shiftIds } = await makeJob(
      companyA,
      "A8 Live",
      "Published",
      [{ from: 36, hours: 4, slots: slot("Booked") }],
      earlier,
    );
    const d = await workerDashboard(await ctxFor(db, fresh.id, { now: earlier }));
    expect(d.nextShift?.shift_id).toBe(shiftIds[0]);
    expect(d.upcomingBooked).toBe(1);
  });

  it("refuses a client contact with 403 and a caller who is not signed in with 401", async () => {
    expect((await appErrorOf(workerDashboard(await ctxFor(db, ids.clientA, { now })))).status).toBe(
      403,
    );
    expect((await appErrorOf(workerDashboard(makeCtx(db, null, { now })))).status).toBe(401);
  });
});

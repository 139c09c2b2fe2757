import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { ROLE } from "@/lib/domain/permissions";
import { createCountryAndCompany, createUser } from "./fixtures";

/**
 * The dashboard tests' small agency: company A and company B, published, cancelled and
 * finished jobs with shifts before and after `now`, and applications in every status that
 * matters. The expected figures are worked out by hand next to the data, in the tests.
 */
export const now = new Date("2031-05-14T10:00:00.000Z");
export const H = 3_600_000;
export const inHours = (h: number, base = now) => new Date(base.getTime() + h * H);
/**
 * Tests that add data of their own place it around this earlier "now", so it lies in the
 * past of `now` and leaves the figures of the shared dataset untouched.
 */
export const earlier = new Date(now.getTime() - 1000 * 24 * H);

/** [assignee, status, check-in minutes after the shift's start (negative: before)]. */
export type AppSpec = [assignee: number, status: ApplicationStatus, checkInAfterStart?: number];

export interface SlotSpec {
  skill?: number;
  positions: number;
  apps?: AppSpec[];
}
export interface ShiftSpec {
  from: number;
  hours: number;
  slots: SlotSpec[];
}

export interface DashboardWorld {
  db: Db;
  companyA: number;
  companyB: number;
  companyC: number;
  countryId: number;
  skillId: number;
  otherSkillId: number;
  admin: number;
  clientA: number;
  clientNoCompany: number;
  clientC: number;
  worker: number;
  otherWorker: number;
  crew: number[];
  shiftA1Future: number;
  shiftB1Soon: number;
  shiftB1Later: number;
  /** A job with its shifts, slots and applications, written straight into the schema. */
  makeJob: (
    companyId: number,
    name: string,
    status: JobStatus,
    shifts: ShiftSpec[],
    base?: Date,
  ) => Promise<{ jobId: number; shiftIds: number[]; slotIds: number[][] }>;
}

export async function dashboardWorld(db: Db): Promise<DashboardWorld> {
  const a = await createCountryAndCompany(db, "Company A");
  const b = await createCountryAndCompany(db, "Company B");
  const countryId = a.country.id;
  const [skill] = await db
    .insert(schema.skills)
    .values({ name: "Stagehand" })
    .returning({ id: schema.skills.id });
  const [other] = await db
    .insert(schema.skills)
    .values({ name: "Rigger" })
    .returning({ id: schema.skills.id });

  const makeJob: DashboardWorld["makeJob"] = async (
    companyId,
    name,
    status,
    shifts,
    base = now,
  ) => {
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
    const slotIds: number[][] = [];
    for (const s of shifts) {
      const startsAt = inHours(s.from, base);
      const [shift] = await db
        .insert(schema.shifts)
        .values({ jobId: job.id, startsAt, endsAt: inHours(s.from + s.hours, base) })
        .returning({ id: schema.shifts.id });
      shiftIds.push(shift.id);
      const ofShift: number[] = [];
      for (const slot of s.slots) {
        const [row] = await db
          .insert(schema.shiftSlots)
          .values({
            shiftId: shift.id,
            skillId: slot.skill ?? skill.id,
            positions: slot.positions,
          })
          .returning({ id: schema.shiftSlots.id });
        ofShift.push(row.id);
        for (const [assigneeId, appStatus, checkIn] of slot.apps ?? []) {
          await db.insert(schema.applications).values({
            shiftSlotId: row.id,
            shiftId: shift.id,
            assigneeId,
            status: appStatus,
            checkInAt:
              checkIn === undefined ? null : new Date(startsAt.getTime() + checkIn * 60_000),
          });
        }
      }
      slotIds.push(ofShift);
    }
    return { jobId: job.id, shiftIds, slotIds };
  };

  const admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  const clientA = (await createUser(db, { roles: [ROLE.client], companyId: a.company.id })).id;
  const clientNoCompany = (await createUser(db, { roles: [ROLE.client] })).id;
  const worker = (await createUser(db, { name: "Walter Worker", roles: [ROLE.worker] })).id;
  const otherWorker = (await createUser(db, { roles: [ROLE.worker] })).id;
  const crew: number[] = [];
  for (let i = 0; i < 9; i++) crew.push((await createUser(db, { roles: [ROLE.worker] })).id);
  // Two applicants waiting for approval (admin sees the count, the client contact does not).
  await createUser(db, { approved: false, roles: [ROLE.worker] });
  await createUser(db, { approved: false });
  const [c1, c2, c3, c4, c5, c6, c7, c8, c9] = crew;
  const w = worker;

  // Company A, published: a past shift (hours reported) and a shift in 2 days with two slots.
  //   slot 1: 3 positions, Booked + Request accepted fill 2, Applied fills none → 1 open
  //   slot 2: 2 positions, nobody → 2 open
  const a1 = await makeJob(a.company.id, "A1 Festival", "Published", [
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
        { skill: other.id, positions: 2 },
      ],
    },
  ]);

  // Company A, cancelled: neither upcoming nor open, and not the worker's next shift.
  await makeJob(a.company.id, "A2 Cancelled gala", "Cancelled", [
    { from: 24, hours: 6, slots: [{ positions: 5, apps: [[c3, "Booked"]] }] },
  ]);

  // Company B, published: a shift in 5 days (4 positions; Booked, Report!, Approved fill 3,
  // Denied and Reserve do not → 1 open) and one in 10 days (3 positions; Request accepted by
  // the worker fills 1 → 2 open; outside the 7-day window).
  const b1 = await makeJob(b.company.id, "B1 Conference", "Published", [
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
            [otherWorker, "Reserve"],
          ],
        },
      ],
    },
    { from: 240, hours: 10, slots: [{ positions: 3, apps: [[w, "Request accepted"]] }] },
  ]);

  // Company B, finished: hours reported and to report, nothing upcoming.
  await makeJob(b.company.id, "B2 Past fair", "Published", [
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
  await makeJob(b.company.id, "B3 Applied", "Published", [
    {
      from: 30,
      hours: 4,
      slots: [
        {
          positions: 1,
          apps: [
            [w, "Applied"],
            [otherWorker, "Booked"],
          ],
        },
      ],
    },
  ]);
  await makeJob(b.company.id, "B4 Reserve", "Published", [
    { from: 60, hours: 4, slots: [{ positions: 1, apps: [[w, "Reserve"]] }] },
  ]);
  await makeJob(b.company.id, "B5 Requested", "Published", [
    { from: 72, hours: 4, slots: [{ positions: 1, apps: [[w, "Requested"]] }] },
  ]);

  // Company C: every status once, each slot with at least one filled application.
  const c = await createCountryAndCompany(db, "Company C");
  const clientC = (await createUser(db, { roles: [ROLE.client], companyId: c.company.id })).id;
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
        { skill: other.id, positions: 2, apps: [[c1, "Approved"]] },
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

  return {
    db,
    companyA: a.company.id,
    companyB: b.company.id,
    companyC: c.company.id,
    countryId,
    skillId: skill.id,
    otherSkillId: other.id,
    admin,
    clientA,
    clientNoCompany,
    clientC,
    worker,
    otherWorker,
    crew,
    shiftA1Future: a1.shiftIds[1],
    shiftB1Soon: b1.shiftIds[0],
    shiftB1Later: b1.shiftIds[1],
    makeJob,
  };
}

/** Gives a user a phone number (the fixtures' users have none). */
export async function setPhone(db: Db, userId: number, phone: string) {
  await db.update(schema.users).set({ phone }).where(eq(schema.users.id, userId));
}

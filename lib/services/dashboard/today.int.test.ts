import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { formatLate } from "@/lib/domain/lateness";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  dashboardWorld,
  earlier,
  now,
  setPhone,
  type DashboardWorld,
} from "@/lib/testing/dashboard-fixtures";
import { agencyDashboard } from ".";
import { TODAY_LIMIT } from "./today";

/**
 * "Today and tomorrow" at `now` = 14/05/2031 12:00 in Copenhagen (10:00 UTC): today began at
 * 22:00 UTC the day before (−12 h) and tomorrow ends at 22:00 UTC tomorrow (+36 h).
 */
let handle: DbHandle;
let w: DashboardWorld;
const ids = {
  t1: 0,
  t2: 0,
  t3: 0,
  t4: 0,
  nina: 0,
  oscar: 0,
  lars: 0,
  carl: 0,
  bea: 0,
  eva: 0,
};

beforeAll(async () => {
  handle = await testDatabase();
  w = await dashboardWorld(handle.db);
  const db = w.db;
  const worker = async (name: string, phone: string) => {
    const { id } = await createUser(db, { name, roles: [ROLE.worker] });
    await setPhone(db, id, phone);
    return id;
  };
  const onTime = await worker("Olga Ontime", "+45 10 00 00 01");
  ids.nina = await worker("Nina Notin", "+45 20 11 22 33");
  ids.oscar = await worker("Oscar Accepted", "+45 20 44 55 66");
  ids.lars = await worker("Lars Late", "+45 30 00 00 43");
  ids.carl = await worker("Carl Cancelled", "+45 40 00 00 00");
  ids.bea = await worker("Bea Bjerg", "+45 50 00 00 00");
  ids.eva = await worker("Eva Evening", "+45 60 00 00 00");
  const kim = await worker("Kim Grace", "+45 70 00 00 00");
  const yesterday = await worker("Yrsa Yesterday", "+45 80 00 00 00");

  // Company A, running since two hours: one on time, one late (+43 min), one Booked and one
  // Request accepted not checked in.
  const t1 = await w.makeJob(w.companyA, "T1 Load-in", "Published", [
    {
      from: -2,
      hours: 8,
      slots: [
        {
          positions: 3,
          apps: [
            [onTime, "Booked", -10],
            [ids.nina, "Booked"],
            [ids.lars, "Booked", 43],
          ],
        },
        { skill: w.otherSkillId, positions: 2, apps: [[ids.oscar, "Request accepted"]] },
      ],
    },
  ]);
  ids.t1 = t1.shiftIds[0];
  // Company B, started six minutes ago: not checked in yet, but inside the 15 minutes.
  ids.t2 = (
    await w.makeJob(w.companyB, "T2 Doors", "Published", [
      { from: -0.1, hours: 6, slots: [{ positions: 2, apps: [[kim, "Booked"]] }] },
    ])
  ).shiftIds[0];
  // Company A, tomorrow morning in 20 hours, half full.
  ids.t3 = (
    await w.makeJob(w.companyA, "T3 Tomorrow", "Published", [
      { from: 20, hours: 4, slots: [{ positions: 2, apps: [[ids.bea, "Booked"]] }] },
    ])
  ).shiftIds[0];
  // Company B, tomorrow evening (+34 h): listed, but beyond 24 hours.
  ids.t4 = (
    await w.makeJob(w.companyB, "T4 Tomorrow night", "Published", [
      { from: 34, hours: 2, slots: [{ positions: 1 }] },
    ])
  ).shiftIds[0];
  // Company A, +37 h: 01:00 the day after tomorrow in Copenhagen (still tomorrow in UTC).
  await w.makeJob(w.companyA, "T5 Day after", "Published", [
    { from: 37, hours: 4, slots: [{ positions: 2 }] },
  ]);
  // Company A, cancelled while running: neither listed nor alerted.
  await w.makeJob(w.companyA, "T6 Cancelled", "Cancelled", [
    { from: -1, hours: 4, slots: [{ positions: 2, apps: [[ids.carl, "Booked"]] }] },
  ]);
  // Company B, ended two hours ago: the Booked place reads as Report! (no alert, before the
  // sweep), and the evening worker checked in 30 minutes late today.
  await w.makeJob(w.companyB, "T7 Morning", "Published", [
    {
      from: -6,
      hours: 4,
      slots: [
        {
          positions: 2,
          apps: [
            [w.crew[5], "Booked"],
            [ids.eva, "Booked", 30],
          ],
        },
      ],
    },
  ]);
  // Company A, yesterday: a late check-in that is no longer today's news.
  await w.makeJob(w.companyA, "T8 Yesterday", "Published", [
    { from: -30, hours: 4, slots: [{ positions: 1, apps: [[yesterday, "Report!", 20]] }] },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("agencyDashboard: today and tomorrow", () => {
  it("lists running shifts and those before the end of tomorrow in the job's zone, with their fill", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    expect(d.shifts.map((s) => s.jobName)).toEqual([
      "T1 Load-in",
      "T2 Doors",
      "T3 Tomorrow",
      "B3 Applied",
      "T4 Tomorrow night",
    ]);
    expect(d.shifts[0]).toMatchObject({
      shiftId: ids.t1,
      companyName: "Company A",
      positions: 5,
      filled: 4,
      running: true,
      timeZone: "Europe/Copenhagen",
    });
    expect(d.shifts.map((s) => [s.positions, s.filled, s.running])).toEqual([
      [5, 4, true],
      [2, 1, true],
      [2, 1, false],
      [1, 1, false],
      [1, 0, false],
    ]);
  });

  it("lists the shifts starting within 24 hours that are not full", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    // T2 has started, B3 Applied (the shared data, +30 h) is full and T4 starts in 34 hours.
    expect(d.notFullSoon.map((s) => [s.shiftId, s.filled, s.positions])).toEqual([[ids.t3, 1, 2]]);
  });

  it("alerts each booked worker not checked in 15 minutes after the start, with the phone", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    expect(d.notCheckedIn).toEqual([
      expect.objectContaining({
        workerId: ids.nina,
        workerName: "Nina Notin",
        phone: "+45 20 11 22 33",
        shiftId: ids.t1,
        jobName: "T1 Load-in",
        minutesLate: 120,
      }),
      expect.objectContaining({ workerId: ids.oscar, phone: "+45 20 44 55 66", minutesLate: 120 }),
    ]);
  });

  it("shows today's late check-ins, latest first, as minutes late", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    expect(d.lateCheckIns.map((l) => [l.workerName, l.jobName, formatLate(l.minutesLate)])).toEqual(
      [
        ["Lars Late", "T1 Load-in", "late by 0:43"],
        ["Eva Evening", "T7 Morning", "late by 0:30"],
      ],
    );
    expect(d.lateCheckIns[0]).not.toHaveProperty("phone");
  });

  it("shows a client contact its own company's shifts, alerts and phones only", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.clientA, { now }));
    expect(d.shifts.map((s) => s.jobName)).toEqual(["T1 Load-in", "T3 Tomorrow"]);
    expect(new Set(d.shifts.map((s) => s.companyName))).toEqual(new Set(["Company A"]));
    expect(d.notFullSoon.map((s) => s.shiftId)).toEqual([ids.t3]);
    expect(d.notCheckedIn.map((a) => a.workerId)).toEqual([ids.nina, ids.oscar]);
    expect(d.lateCheckIns.map((l) => l.workerId)).toEqual([ids.lars]);
    // Nothing of company B reaches it: not its shifts, not its workers' phones.
    const text = JSON.stringify(d);
    for (const other of ["T2 Doors", "T4 Tomorrow night", "T7 Morning", "B3 Applied"])
      expect(text).not.toContain(other);
    expect(text).not.toContain("+45 60 00 00 00");
    expect(text).not.toContain("+45 70 00 00 00");
  });

  it("shows a client contact without a company nothing", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.clientNoCompany, { now }));
    expect(d.shifts).toEqual([]);
    expect(d.notFullSoon).toEqual([]);
    expect(d.notCheckedIn).toEqual([]);
    expect(d.lateCheckIns).toEqual([]);
  });

  it("keeps each list bounded however many shifts run", async () => {
    const specs = Array.from({ length: TODAY_LIMIT + 3 }, (_, i) => ({
      from: -1 + i / 100,
      hours: 5,
      slots: [{ positions: 1 }],
    }));
    await w.makeJob(w.companyB, "Bulk running", "Published", specs, earlier);
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now: earlier }));
    expect(d.shifts).toHaveLength(TODAY_LIMIT);
    expect(d.shifts.every((s) => s.jobName === "Bulk running" && s.running)).toBe(true);
  });
});

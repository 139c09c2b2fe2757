import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import {
  dashboardWorld,
  earlier,
  inHours,
  now,
  type DashboardWorld,
} from "@/lib/testing/dashboard-fixtures";
import { makeCtx } from "@/lib/services/context";
import { listJobs } from "@/lib/services/jobs/list";
import { agencyDashboard } from ".";

let handle: DbHandle;
let w: DashboardWorld;

beforeAll(async () => {
  handle = await testDatabase();
  w = await dashboardWorld(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe("agencyDashboard: key figures", () => {
  it("shows an administrator the figures of every company", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    // A1, B1, B3, B4, B5, C1 (A2 is cancelled, B2 has ended).
    expect(d.upcomingJobs).toBe(6);
    // A1 +48h, B1 +120h, B3 +30h, B4 +60h, B5 +72h, C1 +50h and +70h; not A2 (cancelled)
    // nor B1 +240h (beyond the week).
    expect(d.shiftsThisWeek).toBe(7);
    // Within 48 hours: A1 +48h (3 + 2) and B3 +30h (1); not A2 (cancelled) nor C1 +50h.
    expect(d.totalPositions).toBe(6);
    // A1 past shift, B2, C1.
    expect(d.hoursAwaitingApproval).toBe(3);
    expect(d.applicantsAwaiting).toBe(2);
  });

  it("shows a client contact only its own company's jobs and figures", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.clientA, { now }));
    expect(d.upcomingJobs).toBe(1);
    expect(d.shiftsThisWeek).toBe(1);
    expect(d.totalPositions).toBe(5);
    expect(d.hoursAwaitingApproval).toBe(1);
    expect(d.applicantsAwaiting).toBeNull();
  });

  // A1 +48h: slot 1 has 3 positions and 2 filled, slot 2 (nobody) 2 open; B3 is full. A slot
  // nobody fills counts as fully open.
  it("counts open positions in the next 48 hours as positions minus filled (admin)", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.admin, { now }));
    expect(d.openPositions).toBe(3);
  });

  it("counts open positions as positions minus filled applications (client contact)", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.clientA, { now }));
    expect(d.openPositions).toBe(3);
  });

  it("counts Booked, Request accepted, Report!, Reported and Approved as filled, not Applied, Reserve or Denied", async () => {
    // A day later, both shifts of company C (+50h and +70h) lie within the 48 hours.
    const d = await agencyDashboard(await ctxFor(w.db, w.clientC, { now: inHours(24) }));
    expect(d.totalPositions).toBe(10);
    // 6 − 2 (Booked, Report!) + 2 − 1 (Approved) + 2 − 2 (Reported, Request accepted).
    expect(d.openPositions).toBe(5);
    expect(d.upcomingJobs).toBe(1);
    expect(d.hoursAwaitingApproval).toBe(1);
  });

  it("leads open positions to the same jobs as the jobs filter unfilled=1", async () => {
    const ctx = await ctxFor(w.db, w.admin, { now });
    const page = await listJobs(ctx, { unfilled: "1" });
    // A1 has the open positions; B3 (within 48 hours) is full; C1 starts later.
    expect(page.items.map((j) => j.name)).toEqual(["A1 Festival"]);
    const later = await listJobs({ ...ctx, now: inHours(24) }, { filter: { unfilled: 1 } });
    // From +24h to +72h: C1 (+50h), B4 (+60h, Reserve fills nothing) and B5 (+72h, the edge)
    // join; B1 (+120h) does not.
    expect(later.items.map((j) => j.name)).toEqual([
      "A1 Festival",
      "C1 Status mix",
      "B4 Reserve",
      "B5 Requested",
    ]);
  });

  it("refuses a worker with 403 and a caller who is not signed in with 401", async () => {
    expect((await appErrorOf(agencyDashboard(await ctxFor(w.db, w.worker, { now })))).status).toBe(
      403,
    );
    expect((await appErrorOf(agencyDashboard(makeCtx(w.db, null, { now })))).status).toBe(401);
  });

  it("shows a client contact without a company no other company's jobs", async () => {
    const d = await agencyDashboard(await ctxFor(w.db, w.clientNoCompany, { now }));
    expect(d.upcomingJobs).toBe(0);
    expect(d.totalPositions).toBe(0);
    expect(d.shifts).toEqual([]);
  });

  it("runs a fixed number of statements, however much data there is", async () => {
    const counted = countingDb(handle);
    const ctx = await ctxFor(w.db, w.admin, { now: earlier });
    counted.reset();
    await agencyDashboard({ ...ctx, db: counted.db });
    const first = counted.statements();
    // Five figures, the day's shifts, the shifts not full, two kinds of alert.
    expect(first).toBe(9);
    expect(counted.writes()).toEqual([]);

    const { company } = await createCountryAndCompany(w.db, "Company Bulk");
    for (let i = 0; i < 5; i++) {
      await w.makeJob(
        company.id,
        `Bulk ${i}`,
        "Published",
        [
          {
            from: i - 1,
            hours: 4,
            slots: [
              {
                positions: 2,
                apps: [
                  [w.crew[i], "Booked"],
                  [w.crew[i + 1], "Booked", 20],
                ],
              },
            ],
          },
        ],
        earlier,
      );
    }
    counted.reset();
    const d = await agencyDashboard({ ...ctx, db: counted.db });
    expect(d.shifts.length).toBe(5);
    expect(d.notCheckedIn.length).toBeGreaterThan(0);
    expect(d.lateCheckIns.length).toBeGreaterThan(0);
    expect(counted.statements()).toBe(first);
  });
});

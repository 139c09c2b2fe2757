import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  dashboardWorld,
  earlier,
  inHours,
  now,
  type AppSpec,
  type DashboardWorld,
} from "@/lib/testing/dashboard-fixtures";
import { makeCtx } from "@/lib/services/context";
import { workerDashboard } from ".";

let handle: DbHandle;
let w: DashboardWorld;

beforeAll(async () => {
  handle = await testDatabase();
  w = await dashboardWorld(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe("workerDashboard", () => {
  it("shows the worker's next booked shift and counts of its own applications only", async () => {
    const d = await workerDashboard(await ctxFor(w.db, w.worker, { now }));
    // Earliest upcoming Booked/Request accepted: A1 +48h (B3 +30h is only Applied, and the
    // other worker's booking on it is not the worker's).
    expect(d.nextShift).toMatchObject({
      shift_id: w.shiftA1Future,
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
    const fresh = await createUser(w.db, { roles: [ROLE.worker] });
    const d = await workerDashboard(await ctxFor(w.db, fresh.id, { now }));
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
    const fresh = await createUser(w.db, { roles: [ROLE.worker] });
    const { shiftIds } = await w.makeJob(
      w.companyB,
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
    const d = await workerDashboard(await ctxFor(w.db, fresh.id, { now: earlier }));
    expect(d.nextShift).toMatchObject({ shift_id: shiftIds[0], status: "Request accepted" });
    expect(d.upcomingBooked).toBe(2);
    expect(d.pending).toBe(1);
    // The Booked shift that ended 26 hours ago waits for hours, without waiting for the sweep.
    expect(d.toReport).toBe(1);
  });

  it("does not count bookings on cancelled jobs as booked shifts ahead", async () => {
    const fresh = await createUser(w.db, { roles: [ROLE.worker] });
    const slot = (status: ApplicationStatus) => [
      { positions: 1, apps: [[fresh.id, status]] as AppSpec[] },
    ];
    await w.makeJob(
      w.companyA,
      "A7 Cancelled",
      "Cancelled",
      [{ from: 12, hours: 4, slots: slot("Booked") }],
      earlier,
    );
    const { shiftIds } = await w.makeJob(
      w.companyA,
      "A8 Live",
      "Published",
      [{ from: 36, hours: 4, slots: slot("Booked") }],
      earlier,
    );
    const d = await workerDashboard(await ctxFor(w.db, fresh.id, { now: earlier }));
    expect(d.nextShift?.shift_id).toBe(shiftIds[0]);
    expect(d.upcomingBooked).toBe(1);
  });

  it("refuses a client contact with 403 and a caller who is not signed in with 401", async () => {
    expect((await appErrorOf(workerDashboard(await ctxFor(w.db, w.clientA, { now })))).status).toBe(
      403,
    );
    expect((await appErrorOf(workerDashboard(makeCtx(w.db, null, { now })))).status).toBe(401);
  });
});

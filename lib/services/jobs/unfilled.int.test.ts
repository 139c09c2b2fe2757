import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { TEST_PASSWORD, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { dashboardWorld, type DashboardWorld } from "@/lib/testing/dashboard-fixtures";
import { lenientList } from "@/lib/http/page";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as jobsRoute from "@/app/api/v2/jobs/route";
import { listJobs } from "./list";

/**
 * The jobs filter `unfilled=1` (issue 9): jobs with a slot that has fewer filled applications
 * than positions on a shift starting within the next 48 hours, not cancelled or archived.
 * The data lies around the real clock, as the REST API reads it.
 */
let handle: DbHandle;
let w: DashboardWorld;
const base = new Date();

beforeAll(async () => {
  handle = await testDatabase();
  w = await dashboardWorld(handle.db);
  const [c0, c1, c2] = w.crew;
  const job = w.makeJob;
  // Company A: one of two positions filled, in 10 hours → unfilled.
  await job(
    w.companyA,
    "U1 Half full",
    "Published",
    [
      {
        from: 10,
        hours: 6,
        slots: [
          {
            positions: 2,
            apps: [
              [c0, "Booked"],
              [c1, "Applied"],
            ],
          },
        ],
      },
    ],
    base,
  );
  // Company A: full in 10 hours (Booked and Request accepted) → not.
  await job(
    w.companyA,
    "U2 Full",
    "Published",
    [
      {
        from: 10,
        hours: 6,
        slots: [
          {
            positions: 2,
            apps: [
              [c1, "Booked"],
              [c2, "Request accepted"],
            ],
          },
        ],
      },
    ],
    base,
  );
  // Company A: empty, but in 60 hours → not.
  await job(
    w.companyA,
    "U3 Later",
    "Published",
    [{ from: 60, hours: 6, slots: [{ positions: 3 }] }],
    base,
  );
  // Company A: empty in 10 hours, but cancelled → not.
  await job(
    w.companyA,
    "U4 Cancelled",
    "Cancelled",
    [{ from: 10, hours: 6, slots: [{ positions: 3 }] }],
    base,
  );
  // Company B: an empty slot in 20 hours → unfilled (another company's).
  await job(
    w.companyB,
    "U5 Other company",
    "Published",
    [{ from: 20, hours: 6, slots: [{ positions: 1 }] }],
    base,
  );
  // Company A: the empty slot was removed, the live one is full → not.
  const u6 = await job(
    w.companyA,
    "U6 Removed slot",
    "Published",
    [
      {
        from: 5,
        hours: 6,
        slots: [
          { positions: 1, apps: [[c0, "Booked"]] },
          { skill: w.otherSkillId, positions: 4 },
        ],
      },
    ],
    base,
  );
  await handle.db
    .update(schema.shiftSlots)
    .set({ deletedAt: base })
    .where(eq(schema.shiftSlots.id, u6.slotIds[0][1]));
  // Company A: already running with an empty slot: not "starting within 48 hours".
  await job(
    w.companyA,
    "U7 Running",
    "Published",
    [{ from: -1, hours: 6, slots: [{ positions: 2 }] }],
    base,
  );
});

afterAll(async () => {
  await handle?.close();
});

const names = (page: { items: { name: string }[] }) => page.items.map((j) => j.name);

describe("listJobs unfilled=1", () => {
  it("lists the jobs with an open position on a shift within 48 hours", async () => {
    const ctx = await ctxFor(w.db, w.admin, { now: base });
    expect(names(await listJobs(ctx, { unfilled: "1" }))).toEqual([
      "U1 Half full",
      "U5 Other company",
    ]);
    expect(names(await listJobs(ctx, { filter: { unfilled: true } }))).toEqual([
      "U1 Half full",
      "U5 Other company",
    ]);
    // Off, every upcoming job is listed again.
    const all = names(await listJobs(ctx, { unfilled: "0", perPage: 50 }));
    expect(all).toEqual(expect.arrayContaining(["U2 Full", "U3 Later", "U4 Cancelled"]));
  });

  it("combines with the other filters and the past tab", async () => {
    const ctx = await ctxFor(w.db, w.admin, { now: base });
    expect(names(await listJobs(ctx, { unfilled: 1, filter: { company_id: w.companyB } }))).toEqual(
      ["U5 Other company"],
    );
    expect(names(await listJobs(ctx, { unfilled: 1, past: 1 }))).toEqual([]);
  });

  it("keeps a client contact to its own company", async () => {
    const ctx = await ctxFor(w.db, w.clientA, { now: base });
    expect(names(await listJobs(ctx, { unfilled: "1" }))).toEqual(["U1 Half full"]);
    const none = await ctxFor(w.db, w.clientNoCompany, { now: base });
    expect(names(await listJobs(none, { unfilled: "1" }))).toEqual([]);
  });

  it("refuses a value that is not 1 or 0 with 422 naming the field", async () => {
    const ctx = await ctxFor(w.db, w.admin, { now: base });
    const err = await appErrorOf(listJobs(ctx, { unfilled: "zzz" }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ unfilled: ["must be 1 or 0"] });
    expect((await appErrorOf(listJobs(ctx, { filter: { unfilled: "2" } }))).status).toBe(422);
  });

  it("is left out on the screen when the value is refused, not an error", async () => {
    const ctx = await ctxFor(w.db, w.admin, { now: base });
    const { data, dropped } = await lenientList((input) => listJobs(ctx, input), {
      unfilled: "zzz",
      perPage: 50,
    });
    expect(dropped).toHaveProperty("unfilled");
    expect(names(data)).toEqual(expect.arrayContaining(["U2 Full", "U3 Later"]));
  });
});

describe("REST GET /api/v2/jobs?unfilled=1", () => {
  let token: string;

  beforeAll(async () => {
    setDatabaseForTests(handle);
    const [u] = await handle.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, w.clientA));
    const res = await callRoute(loginRoute.POST, "auth/login", {
      method: "POST",
      json: { email: u.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    token = (res.body as { data: { token: { access_token: string } } }).data.token.access_token;
  });

  it("answers the filtered list, in the caller's scope, as a page", async () => {
    for (const q of ["unfilled=1", "filter[unfilled]=1", "unfilled=true"]) {
      const res = await callRoute(jobsRoute.GET, `jobs?${q}`, { token });
      expect(res.status, q).toBe(200);
      const body = res.body as { data: { name: string }[]; meta: { total: number } };
      expect(body.data.map((j) => j.name)).toEqual(["U1 Half full"]);
      expect(body.meta.total).toBe(1);
    }
  });

  it("answers 422 with the field's message for a bad value", async () => {
    for (const q of ["unfilled=zzz", "unfilled=2", "filter[unfilled]=yes"]) {
      const res = await callRoute(jobsRoute.GET, `jobs?${q}`, { token });
      expect(res.status, q).toBe(422);
      const body = res.body as { message: string; errors: Record<string, string[]> };
      expect(Object.values(body.errors).flat()).toContain("must be 1 or 0");
    }
  });

  it("needs a signed-in caller", async () => {
    expect((await callRoute(jobsRoute.GET, "jobs?unfilled=1")).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as runRoute from "@/app/api/v2/salary/run/route";
import * as slipsListRoute from "@/app/api/v2/salary/slips-list/route";
import { expectErrorBody } from "./contract.test-support";

/** GET salary/run and GET salary/slips-list through their route handlers. */
let handle: DbHandle;
let db: Db;
let branchId: number;
let workerId: number;
const tokens = {} as Record<"admin" | "pm" | "worker" | "other", string>;

const tokenOf = async (userId: number) =>
  (await issueApiToken(db, userId, new Date())).access_token;
const tokenFor = async (role: RoleTitle) => tokenOf((await createUser(db, { roles: [role] })).id);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country } = await createCountryAndCompany(db, "Api Salary Lists");
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Api lists branch", countryId: country.id })
    .returning();
  branchId = branch.id;
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.pm = await tokenFor(ROLE.projectManager);
  tokens.other = await tokenFor(ROLE.worker);
  workerId = (await createUser(db, { roles: [ROLE.worker], name: "Api Slip Worker" })).id;
  tokens.worker = await tokenOf(workerId);
  await db.insert(schema.paySlips).values({
    userId: workerId,
    periodFrom: "2026-10-01",
    periodTo: "2026-10-31",
    totals: [{ currency_code: "DKK", amount: 50000, minutes: 240 }],
    minutesWorked: 240,
    paidAt: new Date("2026-11-03T10:00:00Z"),
  });
});
afterAll(async () => {
  await handle?.close();
});

describe("GET salary/run", () => {
  it("answers { data: { run: null } } before any run", async () => {
    const res = await callRoute(
      runRoute.GET,
      `salary/run?from=2026-10-01&to=2026-10-31&branch_id=${branchId}`,
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { run: null } });
  });

  it("422 without a place, 403 without salary_access, 401 signed out", async () => {
    const none = await callRoute(runRoute.GET, "salary/run?from=2026-10-01&to=2026-10-31", {
      token: tokens.admin,
    });
    expect(none.status).toBe(422);
    expect(expectErrorBody(none).message).toBe("Choose a branch or a country.");
    const pm = await callRoute(
      runRoute.GET,
      `salary/run?from=2026-10-01&to=2026-10-31&branch_id=${branchId}`,
      { token: tokens.pm },
    );
    expect(pm.status).toBe(403);
    const anon = await callRoute(
      runRoute.GET,
      `salary/run?from=2026-10-01&to=2026-10-31&branch_id=${branchId}`,
    );
    expect(anon.status).toBe(401);
  });
});

describe("GET salary/slips-list", () => {
  it("answers the page envelope: the office any slip, the worker its own", async () => {
    const office = await callRoute(
      slipsListRoute.GET,
      "salary/slips-list?filter[from]=2026-10-01&filter[to]=2026-10-31",
      { token: tokens.admin },
    );
    expect(office.status).toBe(200);
    const body = office.body as { data: { worker: string; period: string }[]; meta: unknown };
    expect(body.data).toMatchObject([{ worker: "Api Slip Worker", period: "October 2026" }]);
    expect(body.meta).toMatchObject({ total: 1, per_page: 10 });
    const own = await callRoute(slipsListRoute.GET, "salary/slips-list?filter[user_id]=self", {
      token: tokens.worker,
    });
    expect((own.body as { data: unknown[] }).data).toHaveLength(1);
    const other = await callRoute(slipsListRoute.GET, "salary/slips-list", { token: tokens.other });
    expect((other.body as { data: unknown[] }).data).toEqual([]);
  });

  it("403 for another worker's slips, 422 for a bad page", async () => {
    const res = await callRoute(
      slipsListRoute.GET,
      `salary/slips-list?filter[user_id]=${workerId}`,
      { token: tokens.other },
    );
    expect(res.status).toBe(403);
    expect(expectErrorBody(res).message).toBe("You may read your own pay slips only.");
    const bad = await callRoute(slipsListRoute.GET, "salary/slips-list?page=-1", {
      token: tokens.admin,
    });
    expect(bad.status).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import { loadActor } from "@/lib/services/context";
import { API_CALLS_PER_MINUTE } from "@/lib/services/auth/actor";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { sha256 } from "@/lib/auth/secret";
import * as rulesRoute from "@/app/api/v2/rules/route";

// Authenticating a call is on every request's path: what it costs, and the per-token limit.

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterAll(async () => {
  await handle?.close();
});

async function tokenFor(roles: (typeof ROLE)[keyof typeof ROLE][]) {
  const user = await createUser(db, { roles });
  const { access_token } = await issueApiToken(db, user.id, new Date());
  return { ...user, token: access_token };
}

const getRules = (token: string) => callRoute(rulesRoute.GET, "rules", { token });

describe("authenticating a bearer-token call", () => {
  it("costs one query (token, user, roles, permissions and branches together)", async () => {
    const { token } = await tokenFor([ROLE.crewHandler]);
    const counting = countingDb(handle);
    setDatabaseForTests({ ...handle, db: counting.db });
    try {
      const res = await getRules(token);
      expect(res.status).toBe(200);
      expect((res.body as { data: string[] }).data).toEqual(
        [...DEFAULT_ROLE_PERMISSIONS[ROLE.crewHandler]].sort(),
      );
      // GET /rules itself reads nothing more: every statement counted is authentication.
      expect(counting.statements()).toBe(1);
    } finally {
      setDatabaseForTests(handle);
    }
  });

  it("loads a session's actor in one query with the same roles, permissions and branches", async () => {
    const user = await createUser(db, { roles: [ROLE.worker, ROLE.client] });
    const [branch] = await db.select({ id: schema.branches.id }).from(schema.branches).limit(1);
    if (branch)
      await db.insert(schema.userBranches).values({ userId: user.id, branchId: branch.id });
    const counting = countingDb(handle);
    const actor = await loadActor(counting.db, user.id);
    expect(counting.statements()).toBe(1);
    expect(actor?.roles.map((r) => r.title).sort()).toEqual([ROLE.client, ROLE.worker].sort());
    expect([...(actor?.permissions ?? [])].sort()).toEqual(
      [
        ...new Set([
          ...DEFAULT_ROLE_PERMISSIONS[ROLE.worker],
          ...DEFAULT_ROLE_PERMISSIONS[ROLE.client],
        ]),
      ].sort(),
    );
    expect(actor?.branchIds).toEqual(branch ? [branch.id] : []);
    expect(actor?.isClient).toBe(true);
  });

  it("answers 401 account_inactive for a deactivated user's live token", async () => {
    const { id, token } = await tokenFor([ROLE.worker]);
    await db.update(schema.users).set({ status: "deactivated" }).where(eq(schema.users.id, id));
    const res = await getRules(token);
    expect(res.status).toBe(401);
    expect((res.body as { type: string }).type).toBe("account_inactive");
  });
});

describe(`per-token limit (${API_CALLS_PER_MINUTE} calls a minute)`, () => {
  const setWindow = (token: string, calls: number, startedSecondsAgo: number) =>
    db
      .update(schema.apiTokens)
      .set({
        callsInWindow: calls,
        callWindowStartedAt: new Date(Date.now() - startedSecondsAgo * 1000),
      })
      .where(eq(schema.apiTokens.tokenHash, sha256(token)));

  it("counts each call, parallel ones too", async () => {
    const { token } = await tokenFor([ROLE.worker]);
    await Promise.all(Array.from({ length: 8 }, () => getRules(token)));
    const [row] = await db
      .select({ n: schema.apiTokens.callsInWindow })
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.tokenHash, sha256(token)));
    expect(row.n).toBe(8);
  });

  it("answers 429 with Retry-After once the minute's calls are used up", async () => {
    const { token } = await tokenFor([ROLE.worker]);
    await setWindow(token, API_CALLS_PER_MINUTE, 20);
    const res = await getRules(token);
    expect(res.status).toBe(429);
    expect((res.body as { type: string }).type).toBe("too_many_requests");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(39);
    expect(retryAfter).toBeLessThanOrEqual(41);
  });

  it("lets calls through again in the next minute, and limits each token on its own", async () => {
    const a = await tokenFor([ROLE.worker]);
    const b = await tokenFor([ROLE.worker]);
    await setWindow(a.token, API_CALLS_PER_MINUTE, 61);
    await setWindow(b.token, API_CALLS_PER_MINUTE, 5);
    expect((await getRules(a.token)).status).toBe(200);
    expect((await getRules(b.token)).status).toBe(429);
  });
});

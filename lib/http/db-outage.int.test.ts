import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresHandle, setDatabaseForTests, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { makeCtx, type Ctx } from "@/lib/services/context";
import { noteDatabaseUp } from "@/lib/services/outage/database";
import { testDatabase } from "@/lib/testing/db";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { callRoute, type ApiResult } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as rulesRoute from "@/app/api/v2/rules/route";

// A server action builds ctx from the session; here it is the test database's.
let ctx: Ctx;
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => ctx,
}));
const { runAction } = await import("./action");
const { errorResponse } = await import("./endpoint");

const MESSAGE =
  "Crewdeck cannot reach its database right now. Nothing was saved. Please try again in a few seconds.";

/**
 * Issue 27, PostgreSQL restarts mid-load: the pool's connections killed under it (what a
 * restart does to them) make the next call answer 503 with a message, or succeed on a fresh
 * connection; never a 500. PostgreSQL only: PGlite has no connections to lose.
 */
describe.runIf(env.DATABASE_URL)("the pool's connections killed (PostgreSQL)", () => {
  let handle: DbHandle;
  let admin: Client;
  let token: string;

  beforeAll(async () => {
    handle = await testDatabase();
    setDatabaseForTests(handle);
    ctx = makeCtx(handle.db, null);
    if (handle.notifications.kind !== "postgres") throw new Error("PostgreSQL expected");
    admin = new Client({ connectionString: handle.notifications.url });
    await admin.connect();
    const user = await createUser(handle.db, {
      email: `outage.${Date.now()}@api.test`,
      roles: [ROLE.admin],
    });
    const res = await callRoute(loginRoute.POST, "auth/login", {
      method: "POST",
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    token = (res.body as { data: { token: { access_token: string } } }).data.token.access_token;
  });
  afterAll(async () => {
    noteDatabaseUp();
    await admin?.end();
    await handle?.close();
  });

  /** Every other connection to this test database, the pool's, ended by the server. */
  const terminatePool = async () => {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  };
  const rules = () => callRoute(rulesRoute.GET, "rules", { token });
  const expectUnavailable = (res: ApiResult) => {
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.body).toEqual({ message: MESSAGE, type: "database_unavailable" });
  };

  it("after its idle connections are killed, calls answer 200 or 503, never 500, and serve again", async () => {
    // Several connections open and idle in the pool.
    const warm = await Promise.all([rules(), rules(), rules(), rules()]);
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await terminatePool()).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await rules();
      statuses.push(res.status);
      if (res.status === 503) expectUnavailable(res);
      else expect(res.status).toBe(200);
    }
    // The pool reconnected: the last calls are served.
    expect(statuses.at(-1)).toBe(200);
    expect(statuses).not.toContain(500);
  });

  it("a query killed mid-flight is a 503 for the API and a message for a server action", async () => {
    const slow = runAction(async (c) => {
      await c.db.execute(sql`select pg_sleep(10)`);
      return "finished";
    });
    // Wait until the sleep runs, then kill it with its connection (57P01 admin_shutdown).
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query(
        `select 1 from pg_stat_activity where query like '%pg_sleep(10)%' and pid <> pg_backend_pid()`,
      );
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await terminatePool();
    expect(await slow).toEqual({
      ok: false,
      status: 503,
      type: "database_unavailable",
      message: MESSAGE,
    });
    // The same failure answered by a route handler: 503 JSON with Retry-After.
    const killed = await handle.db
      .transaction(async (tx) => {
        const pending = tx.execute(sql`select pg_sleep(10)`);
        await new Promise((r) => setTimeout(r, 300));
        await terminatePool();
        await pending;
      })
      .catch((e: unknown) => e);
    const res = errorResponse(killed);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ message: MESSAGE, type: "database_unavailable" });
    // And the pool serves again.
    expect((await rules()).status).toBe(200);
  });

  it("a server that refuses connections fails fast with 503, not a hang or a 500", async () => {
    const u = new URL(handle.notifications.kind === "postgres" ? handle.notifications.url : "");
    u.port = "1"; // nothing listens there
    const down = postgresHandle(u.toString(), 2);
    try {
      const started = Date.now();
      const err = await down.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(6_000);
      const res = errorResponse(err);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: MESSAGE, type: "database_unavailable" });
    } finally {
      await down.close();
    }
  });
});

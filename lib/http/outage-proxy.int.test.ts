import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import net from "node:net";
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { postgresHandle, setDatabaseForTests, type DbHandle } from "@/db";
import { proxy } from "@/proxy";
import { ROLE } from "@/lib/domain/permissions";
import { makeCtx, type Ctx } from "@/lib/services/context";
import { databaseRecentlyDown, noteDatabaseUp } from "@/lib/services/outage/database";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { browserCookie } from "@/lib/testing/session-cookie";

/**
 * Issue 27: a screen asked for while the database cannot be reached answers status 503 with the
 * "we'll be right back" page, from proxy.ts, before the page renders (Next would render
 * error.tsx with status 500). "Down" here is a PostgreSQL address where nothing listens: each
 * connection is refused at once, as while a server restarts.
 */
// A server action builds ctx from the session: here the unreachable database's.
let actionCtx: Ctx;
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => actionCtx,
}));
const { runAction } = await import("./action");
const { toErrorBody } = await import("./errors");

let handle: DbHandle;
let down: DbHandle;
let cookie: string;

beforeAll(async () => {
  handle = await testDatabase();
  const pm = await createUser(handle.db, { roles: [ROLE.projectManager] });
  cookie = (await browserCookie(handle.db, pm.id)).cookie;
  down = postgresHandle("postgres://crewdeck@127.0.0.1:1/crewdeck", 2);
});
afterAll(async () => {
  noteDatabaseUp();
  await down?.close();
  await handle?.close();
});

const visit = (path: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie, ...headers } }));

async function expectUnavailablePage(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(res.headers.get("content-security-policy")).toContain("script-src");
  const html = await res.text();
  expect(html).toContain("We&#39;ll be right back");
  expect(html).toContain("Nothing you saved is lost.");
  // Its style carries the response's nonce (the page's Content-Security-Policy).
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  expect(html).toContain(`<style nonce="${nonce}">`);
}

describe("proxy.ts with the database out of reach", () => {
  it('answers a signed-in page 503 "we\'ll be right back", not a 500', async () => {
    setDatabaseForTests(handle);
    expect((await visit("/dashboard")).status).toBe(200);
    setDatabaseForTests(down);
    await expectUnavailablePage(await visit("/dashboard"));
    expect(databaseRecentlyDown()).toBe(true);
  });

  it("once the outage is seen, a public page is 503 too while it lasts", async () => {
    setDatabaseForTests(down);
    await expectUnavailablePage(await visit("/sign-in", { cookie: "" }));
  });

  it("lets a server action through, so its form shows the message (lib/http/action.ts)", async () => {
    setDatabaseForTests(down);
    const res = await visit("/dashboard", { "next-action": "abc123" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });

  it("serves again as soon as the database answers", async () => {
    setDatabaseForTests(handle);
    expect((await visit("/sign-in", { cookie: "" })).status).toBe(200);
    expect(databaseRecentlyDown()).toBe(false);
    expect((await visit("/dashboard")).headers.get("x-middleware-next")).toBe("1");
  });
});

describe("a server action with the database out of reach", () => {
  it("answers its form 503 with a message to show, not a 500", async () => {
    actionCtx = makeCtx(down.db, null);
    const result = await runAction((c) => c.db.execute(sql`select 1`));
    expect(result).toEqual({
      ok: false,
      status: 503,
      type: "database_unavailable",
      message:
        "Crewdeck cannot reach its database right now. Nothing was saved. Please try again in a few seconds.",
    });
    noteDatabaseUp();
  });
});

describe("the pool against a server that accepts but never answers", () => {
  it("gives up opening a connection after 5 s: a 503, not a hang", async () => {
    // Takes the TCP connection and says nothing, as a server stuck mid-restart may.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = postgresHandle(`postgres://crewdeck@127.0.0.1:${port}/crewdeck`, 2);
    try {
      const started = Date.now();
      const err = await stuck.db.execute(sql`select 1`).catch((e: unknown) => e);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(4_500);
      expect(waited).toBeLessThan(8_000);
      expect(toErrorBody(err)).toMatchObject({ status: 503, type: "database_unavailable" });
    } finally {
      noteDatabaseUp();
      await stuck.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  }, 15_000);
});

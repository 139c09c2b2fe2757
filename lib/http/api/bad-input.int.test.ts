import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { allEndpoints } from "@/lib/http/api";
import { ROLE } from "@/lib/domain/permissions";
import { rowCounts } from "@/lib/testing/row-counts";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import { db, setUpContractDatabase, signIn } from "./contract.test-support";

/*
 * Every operation of /api/v2, called with ids and bodies that cannot be served, answers a 4xx
 * and changes nothing: never a 500 (a text id reaching an integer column, a missing body
 * field read as undefined) and never half a write. Walks allEndpoints, so a new operation is
 * swept without being listed here.
 */

setUpContractDatabase();

const BAD_IDS = ["abc", "0", "-1", "1.5", "99999999999", "2147483648", "%20"];
const BAD_BODIES: ApiCall[] = [
  { json: {} },
  { json: [] },
  { json: null },
  { json: { id: "abc", job_id: -1, ids: "x", data: "x", page: -1 } },
  { rawBody: "{not json" },
];
const BAD_QUERY = "?page=-1&perPage=abc&sort=nonsense&filter[name]=%00&filter[id]=abc";

/** Calls that sign the caller out or in: they answer without changing data this test counts. */
const SESSION_TABLES = new Set([
  "api_tokens",
  "user_sessions",
  "remember_tokens",
  "auth_attempts",
  "redeemed_tickets",
  "password_resets",
  "email_verifications",
  "mail_outbox",
]);

const root = path.join(process.cwd(), "app", "api", "v2");
function routeFile(apiPath: string): string {
  const dir = apiPath
    .split("/")
    .filter(Boolean)
    .map((seg) => seg.replace(/^\{(\w+)\}$/, "[$1]"));
  return path.join(root, ...dir, "route.ts");
}

async function handlerOf(method: string, apiPath: string): Promise<RouteHandler> {
  const mod = (await import(/* @vite-ignore */ routeFile(apiPath))) as Record<string, RouteHandler>;
  return mod[method];
}

const withParams = (apiPath: string, id: string) => {
  const names = [...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return {
    url: "/api/v2" + apiPath.replace(/\{\w+\}/g, encodeURIComponent(id)),
    params: Object.fromEntries(names.map((n) => [n, id])),
  };
};

describe("bad input on every operation of /api/v2", () => {
  it("a bad id answers a 4xx (never a 500) and writes nothing, for an administrator and a worker", async () => {
    const admin = await signIn([ROLE.admin]);
    const worker = await signIn([ROLE.worker]);
    const before = await rowCounts(db, SESSION_TABLES);
    const fives: string[] = [];
    for (const ep of allEndpoints.filter((e) => e.path.includes("{"))) {
      const handler = await handlerOf(ep.method, ep.path);
      for (const who of [admin, worker])
        for (const id of BAD_IDS) {
          const { url, params } = withParams(ep.path, id);
          const res = await callRoute(handler, url, {
            method: ep.method,
            token: who.token,
            params,
            ...(ep.method === "GET" || ep.method === "DELETE" ? {} : { json: {} }),
          });
          if (res.status >= 500 || res.status < 400)
            fives.push(`${ep.method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
        }
    }
    expect(fives).toEqual([]);
    expect(await rowCounts(db, SESSION_TABLES)).toEqual(before);
    // Every operation several times over: ~20 s alone, more beside other suites.
  }, 120_000);

  it("a body that cannot be read answers a 4xx (never a 500) and writes nothing", async () => {
    const admin = await signIn([ROLE.admin]);
    const before = await rowCounts(db, SESSION_TABLES);
    const fives: string[] = [];
    // The account's sign-in housekeeping (sign out, rotate or revoke tokens and devices) takes
    // no body and would end the sweep's own token; contract-auth tests it.
    const writes = allEndpoints.filter(
      (e) => e.method !== "GET" && e.auth === "user" && !e.path.startsWith("/auth/"),
    );
    for (const ep of writes) {
      const handler = await handlerOf(ep.method, ep.path);
      // An id nobody holds: a valid body would still change nothing.
      const { url, params } = withParams(ep.path, "999999");
      for (const body of BAD_BODIES) {
        const res = await callRoute(handler, url, {
          method: ep.method,
          token: admin.token,
          params,
          ...body,
        });
        // A 401 would mean the sweep lost its token and tested nothing after it.
        if (res.status >= 500 || res.status === 401)
          fives.push(
            `${ep.method} ${url} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}`,
          );
      }
    }
    expect(fives).toEqual([]);
    expect(await rowCounts(db, SESSION_TABLES)).toEqual(before);
    // Every operation several times over: ~20 s alone, more beside other suites.
  }, 120_000);

  it("a list called with a bad page, size, sort or filter answers a 4xx or a clamped page, never a 500", async () => {
    const admin = await signIn([ROLE.admin]);
    const fives: string[] = [];
    for (const ep of allEndpoints.filter((e) => e.method === "GET" && !e.path.includes("{"))) {
      const handler = await handlerOf(ep.method, ep.path);
      const res = await callRoute(handler, `/api/v2${ep.path}${BAD_QUERY}`, {
        token: admin.token,
      });
      if (res.status >= 500)
        fives.push(`GET ${ep.path} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(fives).toEqual([]);
  });
});

it("sweeps route files that exist", () => {
  for (const ep of allEndpoints) expect(fs.existsSync(routeFile(ep.path)), ep.path).toBe(true);
});

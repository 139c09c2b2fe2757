import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { UNAVAILABLE_MESSAGES } from "@/lib/domain/unavailable-days";
import { UNAVAILABLE_MARKED, UNAVAILABLE_REMOVED } from "@/lib/services/user-calendar";
import { testDatabase } from "@/lib/testing/db";
import { apiUser, createCountryAndCompany } from "@/lib/testing/fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { callRoute } from "@/lib/testing/route-request";
import * as route from "@/app/api/v2/users/[id]/unavailable-days/route";

/** REST users/{id}/unavailable-days: the envelope, statuses and messages of the three calls. */
let handle: DbHandle;
let db: Db;
const year = new Date().getUTCFullYear() + 2;
const call = (
  method: "GET" | "POST" | "DELETE",
  id: number | string,
  token: string,
  json?: unknown,
  query = "",
) =>
  callRoute(route[method], `users/${id}/unavailable-days${query}`, {
    method,
    token,
    json,
    params: { id: String(id) },
  });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterAll(async () => {
  await handle?.close();
});

describe("REST users/{id}/unavailable-days", () => {
  it("marks, lists and unmarks a worker's own days", async () => {
    const me = await apiUser(db, ROLE.worker);
    const made = await call("POST", me.id, me.token, {
      from: `${year}-03-30`,
      to: `${year}-04-02`,
      note: "Festival",
    });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      message: UNAVAILABLE_MARKED,
      data: { from: `${year}-03-30`, to: `${year}-04-02`, days: 4, added: 4 },
    });
    const list = await call("GET", me.id, me.token, undefined, `?month=${year}-04`);
    expect(list.status).toBe(200);
    expect((list.body as { data: { days: unknown[] } }).data.days).toEqual([
      { date: `${year}-04-01`, note: "Festival", label: "Unavailable — Festival" },
      { date: `${year}-04-02`, note: "Festival", label: "Unavailable — Festival" },
    ]);
    const gone = await call("DELETE", me.id, me.token, { from: `${year}-04-01` });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({
      message: UNAVAILABLE_REMOVED,
      data: { from: `${year}-04-01`, to: `${year}-04-01`, removed: 1 },
    });
  });

  it("answers 422 for a past day, a long range or junk, 404/403 outside scope; nothing written", async () => {
    const me = await apiUser(db, ROLE.worker);
    const other = await apiUser(db, ROLE.worker);
    const { company } = await createCountryAndCompany(db, "Unavailable Co");
    const col = await apiUser(db, ROLE.client, { companyId: company.id });
    const before = await rowCounts(db, new Set(["api_tokens"]));
    const refusals: [string, number | string, string, unknown, number, string?][] = [
      ["POST", me.id, me.token, { from: "2020-01-01" }, 422, UNAVAILABLE_MESSAGES.past],
      [
        "POST",
        me.id,
        me.token,
        { from: `${year}-01-01`, to: `${year}-03-31` },
        422,
        UNAVAILABLE_MESSAGES.tooLong,
      ],
      ["POST", me.id, me.token, "junk", 422, UNAVAILABLE_MESSAGES.badDate],
      ["DELETE", me.id, me.token, { from: "x" }, 422, UNAVAILABLE_MESSAGES.badDate],
      ["POST", me.id, other.token, { from: `${year}-01-01` }, 404],
      ["DELETE", me.id, col.token, { from: `${year}-01-01` }, 404],
      ["GET", me.id, col.token, undefined, 404],
      ["POST", "abc", me.token, { from: `${year}-01-01` }, 404],
      ["POST", 99999999999, me.token, { from: `${year}-01-01` }, 404],
    ];
    for (const [method, id, token, json, status, message] of refusals) {
      const res = await call(method as "GET", id as number, token, json);
      expect([method, id, res.status]).toEqual([method, id, status]);
      if (message) expect((res.body as { message: string }).message).toBe(message);
    }
    expect(await rowCounts(db, new Set(["api_tokens"]))).toEqual(before);
  });
});

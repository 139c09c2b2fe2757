import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { MAX_OFFSET } from "@/lib/services/pagination";
import { testDatabase } from "@/lib/testing/db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as logRoute from "@/app/api/v2/activity-log/route";
import * as usersRoute from "@/app/api/v2/users/route";

// Issue 27: a deep page is a bounded offset. Past offset 10,000 a list serves its last
// reachable page (the clamped view of a bad page value) instead of skipping what was asked.

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let token: string;
const BULK = MAX_OFFSET + 5;

interface ListBody {
  data: { id: number; description?: string }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  token = (await issueApiToken(db, w.admin, new Date())).access_token;
  // 10,005 log rows, an hour apart, older than anything the world wrote: row i is "bulk i".
  await db.execute(sql`insert into activity_log (log_name, description, created_at)
    select 'bench', 'bulk ' || i, timestamptz '2020-01-01' + (i || ' hours')::interval
    from generate_series(1, ${BULK}) i`);
});
afterAll(async () => {
  await handle?.close();
});

describe("deep pages", () => {
  it("GET activity-log past offset 10,000 serves the last reachable page, with the whole total", async () => {
    const get = async (page: number) => {
      const res = await callRoute(
        logRoute.GET,
        `activity-log?filter[log_name]=bench&page=${page}`,
        {
          token,
        },
      );
      expect(res.status).toBe(200);
      return res.body as ListBody;
    };
    const last = await get(501); // offset 10,000 at 20 a page
    expect(last.meta).toEqual({ current_page: 501, last_page: 501, per_page: 20, total: BULK });
    // Newest first: the page at offset 10,000 holds the five oldest rows.
    expect(last.data.map((r) => r.description)).toEqual([
      "bulk 5",
      "bulk 4",
      "bulk 3",
      "bulk 2",
      "bulk 1",
    ]);
    for (const page of [502, 5_001, 1_000_000]) {
      const deep = await get(page);
      expect(deep.meta.current_page).toBe(501);
      expect(deep.data.map((r) => r.id)).toEqual(last.data.map((r) => r.id));
    }
    // Within the bound nothing changes: page 2 is rows 21–40 from the newest.
    const second = await get(2);
    expect(second.meta.current_page).toBe(2);
    expect(second.data[0].description).toBe(`bulk ${BULK - 20}`);
  });

  it("a short list past its end stays an empty page; past the bound it says the last reachable page", async () => {
    const near = await callRoute(usersRoute.GET, "users?page=50", { token });
    expect(near.status).toBe(200);
    expect((near.body as ListBody).data).toEqual([]);
    expect((near.body as ListBody).meta).toMatchObject({ current_page: 50, last_page: 1 });
    const deep = await callRoute(usersRoute.GET, "users?page=10001", { token });
    expect(deep.status).toBe(200);
    expect((deep.body as ListBody).data).toEqual([]);
    expect((deep.body as ListBody).meta).toMatchObject({ current_page: 1_001, per_page: 10 });
  });
});

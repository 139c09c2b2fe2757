import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { COUNT_CAP, MAX_OFFSET } from "@/lib/services/pagination";
import { testDatabase } from "@/lib/testing/db";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as logRoute from "@/app/api/v2/activity-log/route";
import * as usersRoute from "@/app/api/v2/users/route";
import * as approvalsRoute from "@/app/api/v2/approvals/route";
import * as documentsRoute from "@/app/api/v2/documents/route";
import { createUser } from "@/lib/testing/fixtures";

// Issue 27: a deep page is a bounded offset. Past offset 5,000 a list serves its last
// reachable page (the clamped view of a bad page value) instead of skipping what was asked.

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let token: string;
const BULK = COUNT_CAP + 5;

interface ListBody {
  data: { id: number; description?: string }[];
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    total_capped?: boolean;
  };
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  token = (await issueApiToken(db, w.admin, new Date())).access_token;
  // 5,105 log rows, an hour apart, older than anything the world wrote: row i is "bulk i".
  await db.execute(sql`insert into activity_log (log_name, description, created_at)
    select 'bench', 'bulk ' || i, timestamptz '2020-01-01' + (i || ' hours')::interval
    from generate_series(1, ${BULK}) i`);
});
afterAll(async () => {
  await handle?.close();
});

describe("deep pages", () => {
  it("GET activity-log past offset 5,000 serves the last reachable page; its count stops at the window", async () => {
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
    const last = await get(251); // offset 5,000 at 20 a page
    // Counted up to the cap (5,100 of 5,105): a floor, flagged.
    expect(last.meta).toEqual({
      current_page: 251,
      last_page: 251,
      per_page: 20,
      total: COUNT_CAP,
      total_capped: true,
    });
    // Newest first: row k from the newest is "bulk (BULK - k)".
    expect(last.data.map((r) => r.description)).toEqual(
      Array.from({ length: 20 }, (_, k) => `bulk ${BULK - MAX_OFFSET - k}`),
    );
    for (const page of [252, 5_001, 1_000_000]) {
      const deep = await get(page);
      expect(deep.meta.current_page).toBe(251);
      expect(deep.data.map((r) => r.id)).toEqual(last.data.map((r) => r.id));
    }
    // Within the bound nothing changes: page 2 is rows 21–40 from the newest.
    const second = await get(2);
    expect(second.meta.current_page).toBe(2);
    expect(second.data[0].description).toBe(`bulk ${BULK - 20}`);
    // The first page counts ten pages ahead only (220 rows at 20 a page): a floor, flagged.
    expect((await get(1)).meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 20,
      total: 220,
      total_capped: true,
    });
    // A later page counts further: page 30 counts to 30 + 10 pages.
    expect((await get(30)).meta).toMatchObject({ current_page: 30, last_page: 40, total: 800 });
    // Under the cap the total is exact and unflagged.
    // Under the cap the total is exact and unflagged (the first day's rows, in the viewer's zone).
    const few = await callRoute(logRoute.GET, "activity-log?filter[to]=01/01/2020", { token });
    expect(few.status).toBe(200);
    const meta = (few.body as ListBody).meta;
    expect(meta.total_capped).toBeUndefined();
    expect(meta.total).toBeGreaterThanOrEqual(21);
    expect(meta.total).toBeLessThanOrEqual(24);
    expect(meta.last_page).toBe(2);
  });

  it("GET approvals (Approved tab) counts up to the cap and serves the last reachable page past it", async () => {
    // One approved place on each of 5,105 shifts of one job, a day apart (newest last).
    const job = await insertJob(db, {
      name: "Deep approvals",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [],
    });
    await db.execute(sql`with s as (
        insert into shifts (job_id, starts_at, ends_at)
        select ${job.id}, timestamptz '2020-01-01' + (i || ' days')::interval,
               timestamptz '2020-01-01 08:00' + (i || ' days')::interval
        from generate_series(1, ${BULK}) i returning id),
      sl as (insert into shift_slots (shift_id, skill_id, positions)
        select id, ${w.skill}, 1 from s returning id, shift_id)
      insert into applications (shift_slot_id, shift_id, assignee_id, status)
      select id, shift_id, ${w.worker}, 'Approved' from sl`);
    const get = async (query: string) => {
      const res = await callRoute(approvalsRoute.GET, `approvals?${query}`, { token });
      expect(res.status).toBe(200);
      return res.body as ListBody;
    };
    const all = await get(`filter[status]=approved&filter[job_id]=${job.id}&page=501`);
    expect(all.meta).toEqual({
      current_page: 501,
      last_page: 501,
      per_page: 10,
      total: COUNT_CAP,
      total_capped: true,
    });
    expect(all.data).toHaveLength(10);
    const deeper = await get(`filter[status]=approved&filter[job_id]=${job.id}&page=5000`);
    expect(deeper.meta.current_page).toBe(501);
    expect(deeper.data.map((r) => r.id)).toEqual(all.data.map((r) => r.id));
    // Under the cap the total is exact and unflagged (the job's first 31 days).
    const few = await get(
      `filter[status]=approved&filter[job_id]=${job.id}&filter[from]=01/01/2020&filter[to]=31/01/2020`,
    );
    expect(few.meta.total).toBe(30);
    expect(few.meta.total_capped).toBeUndefined();
  });

  it("GET documents counts a deep page from its first row: the same totals and rows", async () => {
    // 5,105 documents in threes that share their instant (ties by id, newest first), of two
    // types; every seventh one's owner is archived (not on the office's list).
    const live = (await createUser(db, { name: "Deep Docs" })).id;
    const gone = (await createUser(db, { name: "Gone Docs" })).id;
    await db.execute(sql`update users set deleted_at = now() where id = ${gone}`);
    const [{ id: a }, { id: b }] = await db
      .insert(schema.documentTypes)
      .values([{ name: "Deep A" }, { name: "Deep B" }])
      .returning({ id: schema.documentTypes.id });
    await db.execute(sql`insert into documents
        (user_id, document_type_id, file_name, storage_key, mime_type, size_bytes, created_at)
      select case when i % 7 = 0 then ${gone}::int else ${live}::int end,
             case when i % 3 = 0 then ${b}::int else ${a}::int end, 'd.pdf', 'k/' || i, 'application/pdf',
             10, timestamptz '2020-01-01' + ((i / 3) || ' hours')::interval
      from generate_series(1, ${BULK}) i`);
    const d = schema.documents;
    const ofLive = and(
      eq(d.documentTypeId, a),
      sql`${d.userId} in (select id from users where deleted_at is null)`,
    );
    const expected = async (offset: number) =>
      (
        await db
          .select({ id: d.id })
          .from(d)
          .where(ofLive)
          .orderBy(desc(d.createdAt), desc(d.id))
          .limit(20)
          .offset(offset)
      ).map((r) => r.id);
    const inA = await db.$count(d, ofLive);
    expect(inA).toBeGreaterThan(2_600);
    expect(inA).toBeLessThan(COUNT_CAP);
    const get = async (type: number, page: number) => {
      const res = await callRoute(
        documentsRoute.GET,
        `documents?filter[type]=${type}&page=${page}`,
        { token },
      );
      expect(res.status).toBe(200);
      return res.body as ListBody;
    };
    // Type A: under the cap. Pages near the top count from the top beside the page; from
    // offset 2,560 (page 129) on, from the page's first row; past the end from the top again.
    const lastOfA = Math.ceil(inA / 20);
    for (const page of [1, 100, 129, lastOfA - 1, lastOfA]) {
      const res = await get(a, page);
      expect(res.meta).toEqual({
        current_page: page,
        last_page: lastOfA,
        per_page: 20,
        total: inA,
      });
      expect(res.data.map((r) => r.id)).toEqual(await expected((page - 1) * 20));
    }
    const past = await get(a, lastOfA + 1);
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ current_page: lastOfA + 1, total: inA });
    // Everything, with 5,105 older ones more: over the cap, counted to it on every page.
    await db.execute(sql`insert into documents
        (user_id, document_type_id, file_name, storage_key, mime_type, size_bytes, created_at)
      select ${live}::int, ${b}::int, 'd.pdf', 'k/' || i, 'application/pdf', 10,
             timestamptz '2019-01-01' + (i || ' minutes')::interval
      from generate_series(1, ${BULK}) i`);
    const all = async (page: number) => {
      const res = await callRoute(documentsRoute.GET, `documents?page=${page}`, { token });
      expect(res.status).toBe(200);
      return res.body as ListBody;
    };
    for (const page of [1, 200, 251]) {
      expect((await all(page)).meta).toEqual({
        current_page: page,
        last_page: 251,
        per_page: 20,
        total: COUNT_CAP,
        total_capped: true,
      });
    }
  });

  it("a short list past its end stays an empty page naming the page asked, past the bound too", async () => {
    const near = await callRoute(usersRoute.GET, "users?page=50", { token });
    expect(near.status).toBe(200);
    expect((near.body as ListBody).data).toEqual([]);
    expect((near.body as ListBody).meta).toMatchObject({ current_page: 50, last_page: 1 });
    const deep = await callRoute(usersRoute.GET, "users?page=10001", { token });
    expect(deep.status).toBe(200);
    expect((deep.body as ListBody).data).toEqual([]);
    expect((deep.body as ListBody).meta).toMatchObject({
      current_page: 10_001,
      last_page: 1,
      per_page: 10,
    });
  });

  it("GET users counts up to the cap and serves the last reachable page past it", async () => {
    // 5,105 active workers "Bulk 00001" … "Bulk 05105": with the world's users over the cap.
    await db.execute(sql`insert into users (name, email, password_hash)
      select 'Bulk ' || lpad(i::text, 5, '0'), 'bulk' || i || '@deep.test', 'x'
      from generate_series(1, ${BULK}) i`);
    const get = async (query: string) => {
      const res = await callRoute(usersRoute.GET, `users?${query}`, { token });
      expect(res.status).toBe(200);
      return res.body as ListBody;
    };
    const capped = { last_page: 501, per_page: 10, total: COUNT_CAP, total_capped: true };
    expect((await get("page=1")).meta).toEqual({ current_page: 1, ...capped });
    const last = await get("page=501"); // offset 5,000 at 10 a page
    expect(last.meta).toEqual({ current_page: 501, ...capped });
    const expected = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(sql`${schema.users.deletedAt} is null`, eq(schema.users.status, "active")))
      .orderBy(sql`lower(${schema.users.name})`, schema.users.id)
      .limit(10)
      .offset(MAX_OFFSET);
    expect(last.data.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const deeper = await get("page=9999");
    expect(deeper.meta.current_page).toBe(501);
    expect(deeper.data.map((r) => r.id)).toEqual(last.data.map((r) => r.id));
    // Under the cap the total is exact and unflagged: Bulk 05100 … 05105.
    const few = await get("filter[search]=Bulk 051");
    expect(few.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 6 });
  });
});

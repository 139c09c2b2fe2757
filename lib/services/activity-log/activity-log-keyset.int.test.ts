import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import type { Ctx } from "../context";
import { BAD_CURSOR, OTHER_ORDER_CURSOR } from "../cursor";
import { listActivityLog, listUserActivities } from ".";

// GET activity-log by cursor (issue 27): each next page is the offset's, rows of the same
// instant (and of one millisecond, a microsecond apart) neither skip nor repeat.

const now = new Date("2026-11-22T12:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let causer: number;
let adminId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const a = await createUser(db, { roles: [ROLE.admin] });
  causer = (await createUser(db, { roles: [ROLE.worker], name: "Kim Keyset" })).id;
  const instants = [
    "2026-11-22 09:00:00+00",
    "2026-11-22 08:00:00.000002+00",
    "2026-11-22 08:00:00.000001+00",
    "2026-11-21 12:00:00+00",
  ];
  await db.insert(schema.activityLog).values(
    Array.from({ length: 15 }, (_, i) => ({
      logName: i % 2 ? "jobs" : "users",
      description: `Change ${i}`,
      causerId: i % 3 ? causer : a.id,
      createdAt: sql`${instants[i % instants.length]}::timestamptz`,
    })),
  );
  adminId = a.id;
  admin = await ctxFor(db, a.id, { now });
});
afterAll(async () => {
  await handle?.close();
});

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe("GET activity-log by cursor", () => {
  for (const filter of [{}, { log_name: "jobs" }, { causer_id: "causer" }])
    it(`walks the offset's pages, ties included (${JSON.stringify(filter)})`, async () => {
      const f = "causer_id" in filter ? { causer_id: causer } : filter;
      const perPage = 4;
      const byOffset = async (page: number) =>
        ids((await listActivityLog(admin, { filter: f, page, perPage })).items);
      let res = await listActivityLog(admin, { filter: f, perPage, cursor: "start" });
      const walked = ids(res.items);
      for (let page = 2; res.meta.next_cursor; page++) {
        res = await listActivityLog(admin, {
          filter: f,
          perPage,
          page,
          cursor: res.meta.next_cursor,
        });
        expect(ids(res.items), `page ${page}`).toEqual(await byOffset(page));
        walked.push(...ids(res.items));
      }
      const all = ids((await listActivityLog(admin, { filter: f, perPage: 100 })).items);
      expect(walked).toEqual(all);
      expect(res.meta).toMatchObject({ total: all.length, next_cursor: null });
    });

  it("reads a cursor page with its zone, one count and one page; refuses a cursor it did not give", async () => {
    const counting = countingDb(handle);
    const ctx = { ...admin, db: counting.db };
    const cursor = (await listActivityLog(admin, { perPage: 5, cursor: "start" })).meta
      .next_cursor!;
    counting.reset();
    await listActivityLog(ctx, { perPage: 5, page: 2, cursor });
    expect(counting.statements()).toBe(3);
    const other = await appErrorOf(
      listActivityLog(admin, { perPage: 5, cursor, filter: { log_name: "jobs" } }),
    );
    expect([other.status, other.message]).toEqual([400, OTHER_ORDER_CURSOR]);
    const bad = await appErrorOf(listActivityLog(admin, { cursor: `${cursor.slice(0, -2)}xx` }));
    expect([bad.status, bad.message]).toEqual([400, BAD_CURSOR]);
    // Without a cursor the meta is as it was.
    expect((await listActivityLog(admin, { perPage: 5 })).meta).toEqual({
      current_page: 1,
      last_page: 3,
      per_page: 5,
      total: 15,
    });
  });
});

describe("a user's activity tab by cursor", () => {
  it("walks the offset's pages of what the user did and what was done to it; a cursor is the tab's own", async () => {
    // Four changes made to Kim's account by the administrator (subject users/Kim), at the
    // instants of the rows above: ties with Kim's own rows.
    await db.insert(schema.activityLog).values(
      ["09:00:00", "08:00:00.000001", "08:00:00.000002", "07:00:00"].map((t, i) => ({
        logName: "users",
        description: `Account change ${i}`,
        causerId: adminId,
        subjectType: "users",
        subjectId: causer,
        createdAt: sql`${`2026-11-22 ${t}+00`}::timestamptz`,
      })),
    );
    const perPage = 3;
    const byOffset = async (page: number) =>
      ids((await listUserActivities(admin, causer, { page, perPage })).items);
    let res = await listUserActivities(admin, causer, { perPage, cursor: "start" });
    const walked = ids(res.items);
    for (let page = 2; res.meta.next_cursor; page++) {
      res = await listUserActivities(admin, causer, {
        perPage,
        page,
        cursor: res.meta.next_cursor,
      });
      expect(ids(res.items), `page ${page}`).toEqual(await byOffset(page));
      walked.push(...ids(res.items));
    }
    const all = ids((await listUserActivities(admin, causer, { perPage: 100 })).items);
    expect(all.length).toBe(14); // 10 of Kim's own (i % 3 ≠ 0) and the 4 made to the account
    expect(walked).toEqual(all);
    // A cursor of Kim's tab is refused on another user's tab and on the activity log, and the
    // log's on the tab.
    const kims = (await listUserActivities(admin, causer, { perPage, cursor: "start" })).meta
      .next_cursor!;
    const other = await appErrorOf(listUserActivities(admin, adminId, { perPage, cursor: kims }));
    expect([other.status, other.message]).toEqual([400, OTHER_ORDER_CURSOR]);
    expect((await appErrorOf(listActivityLog(admin, { perPage, cursor: kims }))).status).toBe(400);
    const logs = (await listActivityLog(admin, { perPage, cursor: "start" })).meta.next_cursor!;
    expect((await appErrorOf(listUserActivities(admin, causer, { cursor: logs }))).status).toBe(
      400,
    );
    // Who may not see the tab is answered 404 before any cursor is read.
    const kim = await ctxFor(db, causer, { now });
    const foreign = await appErrorOf(listUserActivities(kim, adminId, { cursor: "nonsense" }));
    expect(foreign.status).toBe(404);
  });
});

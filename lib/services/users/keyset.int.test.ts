import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import type { Ctx } from "../context";
import { BAD_CURSOR, OTHER_ORDER_CURSOR } from "../cursor";
import { listUsers } from ".";

// The users list by cursor (issue 27): for every sort, both ways, the cursor walk is the offset
// walk — ties on the sort column (same name in other case, same instant, same status) neither
// skip nor repeat a user — and a cursor is a position only: scope and filters apply as on any page.

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let office: Ctx;
let client: Ctx;
let companyId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const admin = await createUser(db, { roles: [ROLE.admin], name: "Ada Admin" });
  office = await ctxFor(db, admin.id, { now });
  companyId = (await createCountryAndCompany(db, "Keyset Client")).company.id;
  // 23 users: names that tie once lower-cased, created in runs of the same instant (two a
  // microsecond apart), every fourth deactivated, some of them the client company's.
  const names = ["anna", "Anna", "ANNA", "bo", "Bo", "carl", "Dita", "dita", "Eve", "Finn"];
  const instants = [
    "2026-05-01 09:00:00+00",
    "2026-05-01 08:00:00.000002+00",
    "2026-05-01 08:00:00.000001+00",
  ];
  for (let i = 0; i < 23; i++) {
    const u = await createUser(db, {
      roles: [i % 2 ? ROLE.worker : ROLE.projectManager],
      name: `${names[i % names.length]} ${i % 3 ? "" : "x"}`.trim(),
      email: `k${String(i).padStart(2, "0")}@keyset.test`,
      companyId: i % 5 === 0 ? companyId : undefined,
    });
    await db
      .update(schema.users)
      .set({
        createdAt: sql`${instants[i % instants.length]}::timestamptz`,
        status: i % 4 === 3 ? "deactivated" : "active",
      })
      .where(eq(schema.users.id, u.id));
  }
  const contact = await createUser(db, { roles: [ROLE.client], companyId, name: "Cleo Client" });
  client = await ctxFor(db, contact.id, { now });
});
afterAll(async () => {
  await handle?.close();
});

const ids = (items: { id: number }[]) => items.map((i) => i.id);

/** Every page by cursor from `start`, checked page by page against the offset's. */
async function walk(ctx: Ctx, input: Record<string, unknown>, perPage: number) {
  const byOffset = async (page: number) =>
    ids((await listUsers(ctx, { ...input, page, perPage })).items);
  let page = await listUsers(ctx, { ...input, perPage, cursor: "start" });
  expect(ids(page.items)).toEqual(await byOffset(1));
  const walked = [...ids(page.items)];
  for (let n = 2; page.meta.next_cursor; n++) {
    page = await listUsers(ctx, { ...input, perPage, page: n, cursor: page.meta.next_cursor });
    expect(ids(page.items), `${JSON.stringify(input)} page ${n}`).toEqual(await byOffset(n));
    expect(page.meta.current_page).toBe(n);
    walked.push(...ids(page.items));
  }
  return walked;
}

describe("GET users by cursor", () => {
  it("walks the offset's pages for every sort, both ways, and with filters", async () => {
    const all = ids((await listUsers(office, { perPage: 100, showDeactivatedUsers: true })).items);
    for (const sort of ["name", "email", "created_at", "status"])
      for (const order of ["asc", "desc"]) {
        const input = { sort, order, showDeactivatedUsers: true };
        const expected = ids((await listUsers(office, { ...input, perPage: 100 })).items);
        expect(new Set(expected)).toEqual(new Set(all));
        expect(await walk(office, input, 3)).toEqual(expected);
      }
    // A search and a role: the same rows as the offset's, no more.
    for (const input of [
      { filter: { search: "ann" } },
      { role: String(ROLE.worker), sort: "created_at", order: "desc" },
    ]) {
      const expected = ids((await listUsers(office, { ...input, perPage: 100 })).items);
      expect(expected.length).toBeGreaterThan(3);
      expect(await walk(office, input, 2)).toEqual(expected);
    }
  });

  it("keeps a client contact to its company's users on every page", async () => {
    const expected = ids((await listUsers(client, { perPage: 100 })).items);
    expect(expected.length).toBeGreaterThan(2);
    const walked = await walk(client, {}, 2);
    expect(walked).toEqual(expected);
    const theirs = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.companyId, companyId));
    expect(walked.every((id) => theirs.some((t) => t.id === id))).toBe(true);
    // The office's cursor is a position only: the contact still sees its company alone.
    const cursor = (await listUsers(office, { perPage: 2, cursor: "start" })).meta.next_cursor;
    const page = await listUsers(client, { perPage: 2, page: 2, cursor });
    expect(ids(page.items).every((id) => theirs.some((t) => t.id === id))).toBe(true);
  });

  it("leaves the meta of a call without cursor as it was, and keeps the cursor's keys out of the rows", async () => {
    const page = await listUsers(office, { perPage: 5 });
    expect(page.meta).toEqual({ current_page: 1, last_page: 4, per_page: 5, total: 20 });
    const keyed = await listUsers(office, { perPage: 5, cursor: "start" });
    expect(Object.keys(keyed.items[0])).toEqual(Object.keys(page.items[0]));
    expect(keyed.items[0]).not.toHaveProperty("sort_key");
    expect(keyed.items[0]).not.toHaveProperty("name_key");
  });

  it("refuses a cursor of another sort or filter, an edited one and one with a first-listed user", async () => {
    const cursor = (await listUsers(office, { perPage: 3, cursor: "start" })).meta.next_cursor!;
    for (const other of [
      { sort: "email" },
      { order: "desc" },
      { filter: { search: "a" } },
      { showDeactivatedUsers: true },
      { first: 1 },
    ]) {
      const err = await appErrorOf(listUsers(office, { ...other, perPage: 3, cursor }));
      expect([err.status, err.message], JSON.stringify(other)).toEqual([400, OTHER_ORDER_CURSOR]);
    }
    const [body, sig] = cursor.split(".");
    for (const bad of ["nonsense", `${body}.${sig.slice(1)}`, `${body}x.${sig}`]) {
      const err = await appErrorOf(listUsers(office, { perPage: 3, cursor: bad }));
      expect([err.status, err.message]).toEqual([400, BAD_CURSOR]);
    }
    // With a first-listed user the list pages by offset: no cursor is offered.
    const pinned = await listUsers(office, { perPage: 3, cursor: "start", first: 1 });
    expect(pinned.meta.next_cursor).toBeUndefined();
  });

  it("reads a cursor page with one page and one count", async () => {
    const counting = countingDb(handle);
    const cursor = (await listUsers(office, { perPage: 5, cursor: "start" })).meta.next_cursor;
    counting.reset();
    const page = await listUsers({ ...office, db: counting.db }, { perPage: 5, page: 2, cursor });
    expect(counting.statements()).toBe(2);
    expect(page.meta).toMatchObject({ current_page: 2, total: 20, last_page: 4 });
  });

  it("refuses a worker before reading a cursor", async () => {
    const worker = await createUser(db, { roles: [ROLE.worker] });
    const err = await appErrorOf(
      listUsers(await ctxFor(db, worker.id, { now }), { cursor: "nonsense" }),
    );
    expect(err.status).toBe(403);
  });
});

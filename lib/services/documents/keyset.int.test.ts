import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import type { Ctx } from "../context";
import { BAD_CURSOR, OTHER_ORDER_CURSOR } from "../cursor";
import { listDocuments, OWN_DOCUMENTS_CURSOR } from ".";

// The office's documents by cursor (issue 27): the page after a cursor is the page the offset
// names, ties on created_at neither skip nor repeat a row, and a cursor is a position only.

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let office: Ctx;
let worker: Ctx;
const all: number[] = [];

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const reviewer = await createUser(db, { roles: [ROLE.projectManager] });
  office = await ctxFor(db, reviewer.id, { now });
  const owner = await createUser(db, { roles: [ROLE.worker], name: "Wanda Worker" });
  worker = await ctxFor(db, owner.id, { now });
  const [type] = await db.insert(schema.documentTypes).values({ name: "Contract" }).returning();
  // 17 documents over 5 instants: runs of the same created_at, and two instants a microsecond
  // apart (the same millisecond: a cursor that kept JavaScript's milliseconds would skip).
  const instants = [
    "2026-05-04 09:00:00+00",
    "2026-05-04 08:00:00.000002+00",
    "2026-05-04 08:00:00.000001+00",
    "2026-05-03 12:00:00+00",
    "2026-05-02 12:00:00+00",
  ];
  for (let i = 0; i < 17; i++) {
    const [row] = await db
      .insert(schema.documents)
      .values({
        userId: owner.id,
        documentTypeId: type.id,
        fileName: `d${i}.pdf`,
        storageKey: `documents/00000000-0000-0000-0000-00000000000${i % 10}.pdf`,
        mimeType: "application/pdf",
        sizeBytes: 1,
        status: i % 3 === 0 ? "approved" : "pending",
      })
      .returning({ id: schema.documents.id });
    await db
      .update(schema.documents)
      .set({ createdAt: sql`${instants[i % instants.length]}::timestamptz` })
      .where(eq(schema.documents.id, row.id));
  }
  const rows = await db
    .select({ id: schema.documents.id })
    .from(schema.documents)
    .orderBy(sql`created_at desc, id desc`);
  all.push(...rows.map((r) => r.id));
});
afterAll(async () => {
  await handle?.close();
});

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe("GET documents (the office's list) by cursor", () => {
  it("walks the same pages as the offset, ties and microseconds included, and says where it is", async () => {
    for (const filter of [{}, { status: "pending" }]) {
      const perPage = 4;
      const byOffset = async (page: number) =>
        ids((await listDocuments(office, { filter, page, perPage })).items);
      let page = await listDocuments(office, { filter, perPage, cursor: "start" });
      const walked = [...ids(page.items)];
      expect(ids(page.items)).toEqual(await byOffset(1));
      for (let n = 2; page.meta.next_cursor; n++) {
        page = await listDocuments(office, {
          filter,
          perPage,
          page: n,
          cursor: page.meta.next_cursor,
        });
        expect(ids(page.items), `page ${n}`).toEqual(await byOffset(n));
        expect(page.meta.current_page).toBe(n);
        walked.push(...ids(page.items));
      }
      const expected = filter.status
        ? (await listDocuments(office, { filter, perPage: 100 })).items.map((i) => i.id)
        : all;
      expect(walked).toEqual(expected);
      expect(new Set(walked).size).toBe(walked.length);
    }
  });

  it("counts from the cursor: the rows before the page the caller names and up to eleven pages on", async () => {
    const first = await listDocuments(office, { perPage: 5, cursor: "start" });
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 4, total: 17 });
    const second = await listDocuments(office, {
      perPage: 5,
      page: 2,
      cursor: first.meta.next_cursor,
    });
    expect(second.meta).toEqual({
      current_page: 2,
      last_page: 4,
      per_page: 5,
      total: 17,
      next_cursor: expect.any(String),
    });
    const last = await listDocuments(office, { perPage: 5, page: 4, cursor: "start" });
    expect(ids(last.items)).toEqual(all.slice(15));
    expect(last.meta.next_cursor).toBeNull();
    // Past the window (one page ahead at 1 a page = eleven rows), the total is a floor.
    const small = await listDocuments(office, {
      perPage: 1,
      page: 2,
      cursor: (await listDocuments(office, { perPage: 1, cursor: "start" })).meta.next_cursor,
    });
    expect(small.meta).toMatchObject({
      current_page: 2,
      total: 12,
      last_page: 12,
      total_capped: true,
    });
  });

  it("leaves the meta of a call without cursor as it was", async () => {
    const page = await listDocuments(office, { perPage: 5 });
    expect(page.meta).toEqual({ current_page: 1, last_page: 4, per_page: 5, total: 17 });
  });

  it("reads a cursor page with one page and one count", async () => {
    const counting = countingDb(handle);
    const cursor = (await listDocuments(office, { perPage: 5, cursor: "start" })).meta.next_cursor;
    const ctx = { ...office, db: counting.db };
    counting.reset();
    await listDocuments(ctx, { perPage: 5, page: 2, cursor });
    expect(counting.statements()).toBe(2);
  });

  it("refuses a cursor it did not give, or gave for another filter, with a 400 and no rows", async () => {
    const cursor = (await listDocuments(office, { perPage: 5, cursor: "start" })).meta.next_cursor!;
    const [body, sig] = cursor.split(".");
    const edited = Buffer.from(
      Buffer.from(body, "base64url")
        .toString("utf8")
        .replace(/"k":\[".*?"/, '"k":["2000-01-01 00:00:00+00"'),
    ).toString("base64url");
    for (const bad of [
      "nonsense",
      `${edited}.${sig}`,
      `${body}.${sig.slice(1)}`,
      `${body}.${sig}.x`,
      "x".repeat(700),
    ]) {
      const err = await appErrorOf(listDocuments(office, { perPage: 5, cursor: bad }));
      expect([err.status, err.message], bad.slice(0, 20)).toEqual([400, BAD_CURSOR]);
    }
    const other = await appErrorOf(
      listDocuments(office, { perPage: 5, cursor, filter: { status: "pending" } }),
    );
    expect([other.status, other.message]).toEqual([400, OTHER_ORDER_CURSOR]);
    // A user's own documents page by number only.
    const own = await appErrorOf(listDocuments(worker, { cursor }));
    expect([own.status, own.message]).toEqual([400, OWN_DOCUMENTS_CURSOR]);
  });
});

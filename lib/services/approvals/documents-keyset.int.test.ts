import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { BAD_CURSOR, OTHER_ORDER_CURSOR } from "../cursor";
import { listPendingDocuments } from ".";

// The approvals inbox's documents by cursor (issue 27): the longest waiting first, each next
// page the offset's, ties on the upload instant (and a microsecond apart) neither skip nor
// repeat; the cursor is bound to the search and read only after the reviewer's permission.

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let office: Ctx;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  office = await ctxFor(db, (await createUser(db, { roles: [ROLE.crewHandler] })).id, { now });
  const [type] = await db.insert(schema.documentTypes).values({ name: "Passport" }).returning();
  const owners = [
    (await createUser(db, { roles: [ROLE.worker], name: "Olga Owner" })).id,
    (await createUser(db, { roles: [ROLE.worker], name: "Per Person" })).id,
  ];
  const instants = [
    "2026-05-01 09:00:00+00",
    "2026-05-01 08:00:00.000002+00",
    "2026-05-01 08:00:00.000001+00",
    "2026-04-30 12:00:00+00",
  ];
  for (let i = 0; i < 15; i++) {
    const [row] = await db
      .insert(schema.documents)
      .values({
        userId: owners[i % 2],
        documentTypeId: type.id,
        fileName: `d${i}.pdf`,
        storageKey: `documents/00000000-0000-0000-0000-00000000000${i % 10}.pdf`,
        mimeType: "application/pdf",
        sizeBytes: 1,
        status: i % 5 === 4 ? "approved" : "pending",
      })
      .returning({ id: schema.documents.id });
    await db
      .update(schema.documents)
      .set({ createdAt: sql`${instants[i % instants.length]}::timestamptz` })
      .where(eq(schema.documents.id, row.id));
  }
});
afterAll(async () => {
  await handle?.close();
});

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe("GET approvals?type=documents by cursor", () => {
  for (const filter of [{}, { search: "Olga" }])
    it(`walks the offset's pages, the longest waiting first (${JSON.stringify(filter)})`, async () => {
      const perPage = 4;
      const byOffset = async (page: number) =>
        ids((await listPendingDocuments(office, { filter, page, perPage })).items);
      let res = await listPendingDocuments(office, { filter, perPage, cursor: "start" });
      expect(ids(res.items)).toEqual(await byOffset(1));
      const walked = ids(res.items);
      for (let page = 2; res.meta.next_cursor; page++) {
        res = await listPendingDocuments(office, {
          filter,
          perPage,
          page,
          cursor: res.meta.next_cursor,
        });
        expect(ids(res.items), `page ${page}`).toEqual(await byOffset(page));
        expect(res.meta.current_page).toBe(page);
        walked.push(...ids(res.items));
      }
      const all = ids((await listPendingDocuments(office, { filter, perPage: 100 })).items);
      expect(all.length).toBe("search" in filter ? 6 : 12);
      expect(walked).toEqual(all);
      expect(res.meta).toMatchObject({ total: all.length, next_cursor: null });
    });

  it("refuses a cursor of another search or one it did not give; the meta without one is as it was", async () => {
    const cursor = (await listPendingDocuments(office, { perPage: 4, cursor: "start" })).meta
      .next_cursor!;
    const other = await appErrorOf(
      listPendingDocuments(office, { perPage: 4, cursor, filter: { search: "Per" } }),
    );
    expect([other.status, other.message]).toEqual([400, OTHER_ORDER_CURSOR]);
    const bad = await appErrorOf(listPendingDocuments(office, { cursor: `${cursor}x` }));
    expect([bad.status, bad.message]).toEqual([400, BAD_CURSOR]);
    expect((await listPendingDocuments(office, { perPage: 5 })).meta).toEqual({
      current_page: 1,
      last_page: 3,
      per_page: 5,
      total: 12,
    });
  });

  it("answers a worker 403 before reading a cursor", async () => {
    const worker = await ctxFor(db, (await createUser(db, { roles: [ROLE.worker] })).id, { now });
    expect((await appErrorOf(listPendingDocuments(worker, { cursor: "nonsense" }))).status).toBe(
      403,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, isNull } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { listUsers } from ".";

/**
 * The user list's deep pages count from their first row (issue 27): past the middle of the
 * count cap the page is read first and the count walks on from its first row, instead of
 * walking again the rows the page skipped. Totals and rows are what counting from the top gave.
 */
let handle: DbHandle;
let db: Db;
let w: JobWorld;
let listed: number;

const now = new Date("2026-11-22T12:00:00Z");
const DEEP = 2_700;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  // Names in a different order from the e-mails and the creation times, some sharing a name.
  await db.insert(schema.users).values(
    Array.from({ length: DEEP }, (_, i) => ({
      email: `deep${String((i * 7919) % DEEP).padStart(4, "0")}@example.test`,
      name: `Deep Worker ${String((i * 104_729) % 1_000).padStart(3, "0")}`,
      passwordHash: "x",
      status: "active" as const,
      createdAt: new Date(now.getTime() - ((i * 613) % DEEP) * 60_000),
    })),
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.users)
    .where(and(isNull(schema.users.deletedAt), eq(schema.users.status, "active")));
  listed = n;
});
afterAll(async () => {
  await handle?.close();
});

describe("listUsers, deep pages", () => {
  for (const sort of ["name", "email", "created_at", "status"])
    for (const order of ["asc", "desc"])
      it(`counts a deep page by ${sort} ${order} from its first row: the same total and rows`, async () => {
        const counting = countingDb(handle);
        const ctx = await ctxFor(counting.db, w.admin, { now });
        // Offset 2,790: more than the count from the top would walk past the page (5,101 less
        // the offset), so the page comes first and the count follows from its first row.
        counting.reset();
        const deep = await listUsers(ctx, { sort, order, page: 280, perPage: 10 });
        const sent = counting.sent();
        expect(sent).toHaveLength(2);
        expect(sent[0]).not.toContain('"capped"');
        expect(sent[1]).toContain('"capped"');
        expect(deep.meta).toMatchObject({ total: listed, current_page: 280, per_page: 10 });
        expect(deep.meta.total_capped).toBeUndefined();
        // Near the top the count runs beside the page, from the top: the same total.
        const top = await listUsers(ctx, { sort, order, page: 2, perPage: 10 });
        expect(top.meta.total).toBe(listed);
        // The rows are the offset's: the same as those of a page of 100 that holds them.
        const hundred = await listUsers(ctx, { sort, order, page: 28, perPage: 100 });
        expect(deep.items.map((u) => u.id)).toEqual(hundred.items.slice(90).map((u) => u.id));
        // The list's last page, read from its first row too.
        const last = Math.ceil(listed / 10);
        const end = await listUsers(ctx, { sort, order, page: last, perPage: 10 });
        expect(end.meta).toMatchObject({ total: listed, last_page: last });
        expect(end.items).toHaveLength(listed - (last - 1) * 10);
      });
});

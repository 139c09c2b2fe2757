import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { anyOf, precompiled, precompiledSql, schema, type DbHandle, type DbOrTx } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { rowsOf } from "./chat/access";

// A precompiled statement's list of one is sent as `column = $1`, a named variant of its own
// (db/precompiled.ts `listVariants`): a generic plan then looks one row up by key instead of
// guessing ten for `= any($1)` (the booking's reads, issue 27).

let handle: DbHandle;
let ids: number[];

beforeAll(async () => {
  handle = await testDatabase();
  ids = (
    await handle.db
      .insert(schema.skills)
      .values([
        { name: "Listed first", order: 1 },
        { name: "Listed second", order: 1 },
      ])
      .returning({ id: schema.skills.id })
  ).map((r) => r.id);
});
afterAll(() => handle.close());

const s = schema.skills;
const byIdQuery = (d: DbOrTx) =>
  d
    .select({ id: s.id, name: s.name })
    .from(s)
    .where(and(anyOf(s.id, "ids"), isNull(s.deletedAt), eq(s.order, sql.placeholder("order"))))
    .orderBy(s.id);
const byId = precompiled<{ ids: number[]; order: number }, ReturnType<typeof byIdQuery>>(
  "test_lists_by_id",
  (d) => byIdQuery(d),
);

describe("precompiled lists of one (db/precompiled.ts)", () => {
  it("sends a list of one as `= $1`, a named variant of its own (a generic plan's one-row lookup)", async () => {
    const counting = countingDb(handle);
    const one = await byId(counting.db, { ids: [ids[0]], order: 1 });
    const two = await byId(counting.db, { ids, order: 1 });
    const none = await byId(counting.db, { ids: [], order: 1 });
    expect(one.map((r) => r.name)).toEqual(["Listed first"]);
    expect(two.map((r) => r.name)).toEqual(["Listed first", "Listed second"]);
    expect(none).toEqual([]);
    const [sentOne, sentTwo, sentNone] = counting.sent();
    expect(sentOne).toMatch(/"skills"\."id" = \$1\b/);
    expect(sentOne).not.toMatch(/any\(/);
    expect(sentTwo).toMatch(/"skills"\."id" = any\(\$1\)/);
    expect(sentNone).toBe(sentTwo);
    // precompiledSql too, with two lists: each list of one on its own.
    const pairs = precompiledSql<{ a: number[]; b: number[] }, { id: number }>(
      "test_two_lists",
      () => sql`select id from skills where ${anyOf(s.id, "a")} or ${anyOf(s.id, "b")} order by id`,
    );
    const got = async (a: number[], b: number[]) =>
      (await pairs(counting.db, { a, b })).map((r) => r.id);
    counting.reset();
    expect(await got([ids[0]], ids)).toEqual(ids);
    expect(await got(ids, [ids[1]])).toEqual(ids);
    expect(await got([ids[1]], [ids[1]])).toEqual([ids[1]]);
    expect(await got([], [])).toEqual([]);
    expect(counting.sent().map((q) => q.replace(/^select id from skills where /, ""))).toEqual([
      `"skills"."id" = $1 or "skills"."id" = any($2) order by id`,
      `"skills"."id" = any($1) or "skills"."id" = $2 order by id`,
      `"skills"."id" = $1 or "skills"."id" = $2 order by id`,
      `"skills"."id" = any($1) or "skills"."id" = any($2) order by id`,
    ]);
    if (handle.kind !== "postgres") return;
    // Each variant is a named statement of its own on the connection (a name stands for a text).
    const named = await rowsOf<{ name: string }>(
      counting.db,
      sql`select name from pg_prepared_statements where name like 'test_two_lists%' order by name`,
    );
    expect(named.map((r) => r.name)).toEqual([
      "test_two_lists",
      "test_two_lists_1x1",
      "test_two_lists_1x2",
      "test_two_lists_1x3",
    ]);
  });
});

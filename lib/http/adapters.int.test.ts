import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { makeCtx, type Ctx } from "@/lib/services/context";
import { crewBossInput } from "@/lib/services/shifts";
import { testDatabase } from "@/lib/testing/db";

// Server actions and pages build ctx from the session; here it is the test database's.
let ctx: Ctx;
vi.mock("@/lib/auth/session", () => ({ requestCtx: async () => ctx }));
const { runAction, runParsed } = await import("./action");
const { pageData } = await import("./page");
const { errorResponse } = await import("./endpoint");
const { clientErrorOf } = await import("./client-error");

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  ctx = makeCtx(db, null);
  await db.insert(schema.currencies).values({ code: "ZZZ", name: "Test", symbol: "z" });
});
afterAll(async () => {
  await handle?.close();
});

/** A real unique violation, as drizzle throws it from the database in use. */
const duplicateCurrency = () =>
  db.insert(schema.currencies).values({ code: "ZZZ", name: "Again", symbol: "z" });
/** A real out-of-range value (integer column, 2^31). */
const hugeId = () =>
  db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, 2 ** 31));

describe("one error mapping for actions, route handlers and pages", () => {
  it("a server action answers a unique violation with 409, like the API", async () => {
    const result = await runAction(async () => duplicateCurrency());
    expect(result).toEqual({
      ok: false,
      status: 409,
      type: "duplicate",
      message: "This record already exists.",
    });
    const res = errorResponse(await duplicateCurrency().catch((e: unknown) => e));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "This record already exists.", type: "duplicate" });
  });

  it("a page shows the same 409 on the error screen instead of a 500", async () => {
    const err = await pageData(duplicateCurrency()).catch((e: unknown) => e);
    expect(clientErrorOf((err as { digest?: string }).digest)).toEqual({
      status: 409,
      message: "This record already exists.",
    });
  });

  it("an out-of-range number from the database is a 422 everywhere", async () => {
    const result = await runAction(async () => hugeId());
    expect(result).toMatchObject({ ok: false, status: 422, type: "validation_error" });
    const res = errorResponse(await hugeId().catch((e: unknown) => e));
    expect(res.status).toBe(422);
    const err = await pageData(hugeId()).catch((e: unknown) => e);
    expect(clientErrorOf((err as { digest?: string }).digest)?.status).toBe(422);
  });

  it("a successful action returns its data", async () => {
    expect(await runAction(async () => 7)).toEqual({ ok: true, data: 7 });
  });

  it("an action's input is checked with the verb's schema before the verb runs", async () => {
    let ran = false;
    const result = await runParsed(crewBossInput, { shift_id: "abc", user_id: 2 }, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(result).toMatchObject({ ok: false, status: 422, type: "validation_error" });
    expect(result.ok === false && Object.keys(result.errors ?? {})).toEqual(["shift_id"]);
    const ok = await runParsed(
      crewBossInput,
      { shift_id: 1, user_id: 2 },
      async (_, input) => input,
    );
    expect(ok).toEqual({ ok: true, data: { shift_id: 1, user_id: 2 } });
  });
});

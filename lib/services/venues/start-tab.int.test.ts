import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { venuesStartTab } from ".";

/** /venues opens on the tab that holds venues awaiting approval, when there are any. */
let handle: DbHandle;
let db: Db;
const ids = { admin: 0, pm: 0, colA: 0, colB: 0, worker: 0, country: 0, a: 0, b: 0 };

async function venue(name: string, companyId: number | null, status: "private" | "public") {
  const [row] = await db
    .insert(schema.venues)
    .values({ name, countryId: ids.country, companyId, status })
    .returning({ id: schema.venues.id });
  return row.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { country, company: a } = await createCountryAndCompany(db, "Company A");
  const { company: b } = await createCountryAndCompany(db, "Company B");
  Object.assign(ids, { country: country.id, a: a.id, b: b.id });
  ids.admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  ids.pm = (await createUser(db, { roles: [ROLE.projectManager] })).id;
  ids.colA = (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id;
  ids.colB = (await createUser(db, { roles: [ROLE.client], companyId: b.id })).id;
  ids.worker = (await createUser(db, { roles: [ROLE.worker] })).id;
  await venue("Public hall", null, "public");
});

afterAll(async () => {
  await handle?.close();
});

describe("venuesStartTab", () => {
  it("is the Public tab (null) while nothing waits for approval", async () => {
    expect(await venuesStartTab(await ctxFor(db, ids.admin))).toBeNull();
    expect(await venuesStartTab(await ctxFor(db, ids.colA))).toBeNull();
  });

  it("sends staff to All venues awaiting approval and the owning client to My venues", async () => {
    const waiting = await venue("Client A warehouse", ids.a, "private");
    expect(await venuesStartTab(await ctxFor(db, ids.admin))).toEqual({
      tab: "all",
      status: "private",
    });
    expect(await venuesStartTab(await ctxFor(db, ids.pm))).toEqual({
      tab: "all",
      status: "private",
    });
    expect(await venuesStartTab(await ctxFor(db, ids.colA))).toEqual({ tab: "mine" });
    // Another company's waiting venue is none of client B's business.
    expect(await venuesStartTab(await ctxFor(db, ids.colB))).toBeNull();

    // Once approved, nothing waits any more.
    await db.update(schema.venues).set({ status: "public" }).where(eq(schema.venues.id, waiting));
    expect(await venuesStartTab(await ctxFor(db, ids.admin))).toBeNull();
    expect(await venuesStartTab(await ctxFor(db, ids.colA))).toBeNull();
  });

  it("ignores archived venues and refuses a user without venue_access", async () => {
    const gone = await venue("Client B tent", ids.b, "private");
    await db.update(schema.venues).set({ deletedAt: new Date() }).where(eq(schema.venues.id, gone));
    expect(await venuesStartTab(await ctxFor(db, ids.colB))).toBeNull();
    expect((await appErrorOf(venuesStartTab(await ctxFor(db, ids.worker)))).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { branchesForJobs } from "./filters";

/** The jobs filter's branch options: all for staff, the company's countries for a client. */
let handle: DbHandle;
let db: Db;
const ids = { admin: 0, colA: 0, colNone: 0, worker: 0, companyA: 0, sweden: 0 };

async function country(name: string, isoCode: string, timeZone: string) {
  const [row] = await db
    .insert(schema.countries)
    .values({ name, isoCode, currencyCode: "DKK", timeZone })
    .returning({ id: schema.countries.id });
  return row.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { country: dk, company } = await createCountryAndCompany(db, "Company A");
  ids.companyA = company.id;
  ids.sweden = await country("Sweden", "SE", "Europe/Stockholm");
  const germany = await country("Germany", "DE", "Europe/Berlin");
  await db.insert(schema.branches).values([
    { name: "Copenhagen", countryId: dk.id },
    { name: "Aarhus", countryId: dk.id },
    { name: "Odense (closed)", countryId: dk.id, deletedAt: new Date() },
    { name: "Stockholm", countryId: ids.sweden },
    { name: "Berlin", countryId: germany },
  ]);
  ids.admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  ids.colA = (await createUser(db, { roles: [ROLE.client], companyId: company.id })).id;
  ids.colNone = (await createUser(db, { roles: [ROLE.client] })).id;
  ids.worker = (await createUser(db, { roles: [ROLE.worker] })).id;
});

afterAll(async () => {
  await handle?.close();
});

const names = (list: { name: string }[]) => list.map((b) => b.name);

describe("branchesForJobs", () => {
  it("offers agency staff every live branch, by name", async () => {
    expect(names(await branchesForJobs(await ctxFor(db, ids.admin)))).toEqual([
      "Aarhus",
      "Berlin",
      "Copenhagen",
      "Stockholm",
    ]);
  });

  it("offers a client contact only the branches of its company's countries", async () => {
    const ctx = await ctxFor(db, ids.colA);
    expect(names(await branchesForJobs(ctx))).toEqual(["Aarhus", "Copenhagen"]);
    // A job of the company in Sweden adds the Swedish branches; Germany stays out.
    await db.insert(schema.jobs).values({
      name: "Stockholm fair",
      companyId: ids.companyA,
      countryId: ids.sweden,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    expect(names(await branchesForJobs(ctx))).toEqual(["Aarhus", "Copenhagen", "Stockholm"]);
  });

  it("offers a client contact without a company none, and refuses a worker", async () => {
    expect(await branchesForJobs(await ctxFor(db, ids.colNone))).toEqual([]);
    expect((await appErrorOf(branchesForJobs(await ctxFor(db, ids.worker)))).status).toBe(403);
  });
});

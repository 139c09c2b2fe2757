import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "../context";
import { createCountry, deleteCountry, getCountry, listCountriesPage, updateCountry } from ".";
import {
  now,
  db,
  admin,
  denmarkId,
  companyId,
  ctxOf,
  sweden,
  activityFor,
  setupCountriesWorld,
} from "./countries.test-support";

setupCountriesWorld();

describe("deleteCountry", () => {
  it("deletes an unused country and logs it", async () => {
    const se = await createCountry(admin, sweden);
    expect(await deleteCountry(admin, se.id)).toEqual({
      id: se.id,
      message: "Country Sweden deleted",
    });
    expect((await activityFor(se.id)).map((l) => l.description)).toContain(
      'Deleted country "Sweden"',
    );
    expect((await appErrorOf(getCountry(admin, se.id))).status).toBe(404);
  });

  it("refuses with 409 naming where it is used, keeping the country and its job", async () => {
    const se = await createCountry(admin, sweden);
    const [company] = await db
      .insert(schema.companies)
      .values({ name: "Swedish client", countryId: se.id })
      .returning();
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Concert", companyId: company.id, countryId: se.id })
      .returning();
    await db.insert(schema.branches).values({ name: "Malmö", countryId: se.id });
    const err = await appErrorOf(deleteCountry(admin, se.id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("country_in_use");
    expect(err.message).toBe(
      "This country is used by 1 job, 1 branch and 1 company and cannot be deleted. Set it to not operational instead: it is then hidden from every picker and its history stays intact.",
    );
    expect((await getCountry(admin, se.id)).name).toBe("Sweden");
    const [kept] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(kept.countryId).toBe(se.id);
    await db.delete(schema.jobs).where(eq(schema.jobs.id, job.id));
    await db.delete(schema.branches).where(eq(schema.branches.countryId, se.id));
    await db.delete(schema.companies).where(eq(schema.companies.id, company.id));
  });

  it("answers 404 for unknown ids", async () => {
    expect((await appErrorOf(deleteCountry(admin, 999999))).status).toBe(404);
    expect((await appErrorOf(deleteCountry(admin, "x"))).status).toBe(404);
  });
});

describe("authorization", () => {
  // Only the Administrator holds country_access by default.
  it.each([[ROLE.projectManager], [ROLE.crewHandler], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = await ctxOf(role, role === ROLE.client ? { companyId } : {});
      const calls: Promise<unknown>[] = [
        listCountriesPage(ctx, {}),
        getCountry(ctx, denmarkId),
        createCountry(ctx, sweden),
        updateCountry(ctx, denmarkId, { ...sweden, name: "Sneaky" }),
        deleteCountry(ctx, denmarkId),
        // Forbidden comes before not-found and validation: nothing leaks about ids.
        getCountry(ctx, 999999),
        createCountry(ctx, {}),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      const rows = await db.select().from(schema.countries);
      expect(rows.map((r) => r.name)).toEqual(["Denmark"]);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listCountriesPage(anonymous, {}))).status).toBe(401);
    expect((await appErrorOf(createCountry(anonymous, sweden))).status).toBe(401);
  });
});

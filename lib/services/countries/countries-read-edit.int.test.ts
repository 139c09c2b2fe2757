import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "../context";
import { listCountries } from "../reference";
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

describe("listCountriesPage", () => {
  it("sorts by id, pages 10 at a time, searches name or ISO code and filters by operational", async () => {
    const ids = [denmarkId];
    for (let i = 0; i < 11; i++) {
      const iso = String.fromCharCode(65 + i) + "Z";
      const c = await createCountry(admin, {
        ...sweden,
        name: `Land ${i}`,
        iso_code: iso,
        operational: i % 2 === 0,
      });
      ids.push(c.id);
    }
    const first = await listCountriesPage(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 10));
    const second = await listCountriesPage(admin, { page: "2" });
    expect(second.items.map((c) => c.id)).toEqual(ids.slice(10));
    const search = await listCountriesPage(admin, { filter: { search: "bz" } });
    expect(search.items.map((c) => c.name)).toEqual(["Land 1"]);
    const off = await listCountriesPage(admin, { filter: { operational: "0" } });
    expect(off.meta.total).toBe(5);
    expect(off.items.every((c) => !c.operational)).toBe(true);
    const on = await listCountriesPage(admin, { filter: { operational: "1" } });
    expect(on.meta.total).toBe(7);
  });

  it("answers bad paging and filters with 422", async () => {
    for (const raw of [{ page: "0" }, { perPage: 101 }, { filter: { operational: "yes please" } }])
      expect((await appErrorOf(listCountriesPage(admin, raw))).status).toBe(422);
  });

  it("says where a country is used", async () => {
    await db.insert(schema.jobs).values({ name: "Gala", companyId, countryId: denmarkId });
    const page = await listCountriesPage(admin, {});
    const dk = page.items.find((c) => c.id === denmarkId)!;
    expect(dk.used_by).toEqual({ count: 2, label: "1 job and 1 company" });
    await db.delete(schema.jobs);
  });
});

describe("getCountry and updateCountry", () => {
  it("answers one country, and 404 for unknown or malformed ids", async () => {
    const se = await createCountry(admin, sweden);
    expect(await getCountry(admin, String(se.id))).toMatchObject({ iso_code: "SE", rest_hours: 9 });
    for (const id of ["999999", "abc", "0", "1.5", "99999999999"]) {
      const err = await appErrorOf(getCountry(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Country not found.");
    }
  });

  it("changes every field, logs old and new, and the pickers follow", async () => {
    const se = await createCountry(admin, sweden);
    const updated = await updateCountry(admin, se.id, {
      ...sweden,
      currency: "EUR",
      rest_hours: 12,
      operational: false,
    });
    expect(updated).toMatchObject({
      currency: "EUR",
      rest_hours: 12,
      operational: false,
      message: "Country Sweden edited",
    });
    const [row] = await db.select().from(schema.countries).where(eq(schema.countries.id, se.id));
    expect(row.restHours).toBe(12);
    expect(row.updatedAt.toISOString()).toBe(now.toISOString());
    const log = await activityFor(se.id);
    expect(log.map((l) => l.description)).toEqual([
      'Created country "Sweden"',
      'Edited country "Sweden"',
    ]);
    expect(log[1].properties).toMatchObject({
      old: { rest_hours: 9, currency: "SEK", operational: true },
      attributes: { rest_hours: 12, currency: "EUR", operational: false },
    });
    expect((await listCountries(admin, {})).map((c) => c.id)).not.toContain(se.id);
  });

  it("lets a country keep its own name and ISO code, and refuses another's", async () => {
    const se = await createCountry(admin, sweden);
    expect((await updateCountry(admin, se.id, { ...sweden, name: "SWEDEN" })).name).toBe("SWEDEN");
    const err = await appErrorOf(updateCountry(admin, se.id, { ...sweden, iso_code: "DK" }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ iso_code: ["A country with this ISO code already exists."] });
  });

  it("answers 404 for an unknown id and 422 for bad input", async () => {
    expect((await appErrorOf(updateCountry(admin, 999999, sweden))).status).toBe(404);
    const err = await appErrorOf(updateCountry(admin, denmarkId, { ...sweden, rest_hours: 25 }));
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {})).toEqual(["rest_hours"]);
  });
});

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

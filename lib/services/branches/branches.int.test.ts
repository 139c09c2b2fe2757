import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { listBranches, preferredBranches } from "../reference";
import {
  createBranch,
  deleteBranch,
  getBranch,
  listBranchesPage,
  restoreBranch,
  updateBranch,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
const DUPLICATE = "Another branch with this name already exists";
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let dk: number;
let se: number;
let fi: number;
let companyId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function activityFor(id: number) {
  return db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "branches"), eq(schema.activityLog.subjectId, id)));
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company, country } = await createCountryAndCompany(db);
  dk = country.id;
  companyId = company.id;
  const [s, f] = await db
    .insert(schema.countries)
    .values([
      { name: "Sweden", isoCode: "SE", currencyCode: "DKK", timeZone: "Europe/Stockholm" },
      {
        name: "Finland",
        isoCode: "FI",
        currencyCode: "DKK",
        timeZone: "Europe/Helsinki",
        operational: false,
      },
    ])
    .returning();
  se = s.id;
  fi = f.id;
  admin = await ctxOf(ROLE.admin);
});
afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await db.update(schema.companies).set({ defaultBranchId: null });
  await db.delete(schema.jobBranches);
  await db.delete(schema.jobs);
  await db.delete(schema.userBranches);
  await db.delete(schema.branches);
});

describe("createBranch", () => {
  it("creates a branch, answers the message with its country and logs it", async () => {
    const created = await createBranch(admin, {
      name: " Copenhagen ",
      country_id: String(dk),
      city: "København V",
      address: " Vesterbrogade 149 ",
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Copenhagen",
      country_id: dk,
      country_name: "Denmark",
      city: "København V",
      address: "Vesterbrogade 149",
      holiday_region: null,
      holiday_region_name: null,
      archived_at: null,
      used_by: { count: 0, label: "" },
      message: "Branch Copenhagen created",
    });
    const log = await activityFor(created.id);
    expect(log.map((l) => l.description)).toEqual(['Created branch "Copenhagen"']);
    expect((await listBranches(admin)).map((b) => b.name)).toEqual(["Copenhagen"]);
  });

  it("answers a name taken in any case with the spec's text as a 422 on name", async () => {
    await createBranch(admin, { name: "Copenhagen", country_id: dk });
    const err = await appErrorOf(createBranch(admin, { name: "COPENHAGEN ", country_id: se }));
    expect(err.status).toBe(422);
    expect(err.message).toBe(DUPLICATE);
    expect(err.errors).toEqual({ name: [DUPLICATE] });
    expect(await db.select().from(schema.branches)).toHaveLength(1);
  });

  it("lets only one of two concurrent creates of the same name through", async () => {
    const results = await Promise.allSettled([
      createBranch(admin, { name: "Aarhus", country_id: dk }),
      createBranch(admin, { name: "aarhus", country_id: dk }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason,
    ).toMatchObject({ status: 422, errors: { name: [DUPLICATE] } });
  });

  it.each([
    ["no name", { name: "", country_id: 1 }, "name", "The name field is required."],
    ["no country", { name: "X" }, "country_id", "The country field is required."],
    [
      "a country id that is text",
      { name: "X", country_id: "abc" },
      "country_id",
      "must be a number",
    ],
    [
      "a too long city",
      { name: "X", country_id: 1, city: "c".repeat(201) },
      "city",
      "The city may be at most 200 characters.",
    ],
  ])("refuses %s with 422", async (_, raw, field, message) => {
    const err = await appErrorOf(createBranch(admin, raw));
    expect(err.status).toBe(422);
    expect(err.errors?.[field]).toEqual([message]);
  });

  it("refuses an unknown or non-operational country", async () => {
    const unknown = await appErrorOf(createBranch(admin, { name: "X", country_id: 999999 }));
    expect(unknown.errors).toEqual({ country_id: ["The selected country does not exist."] });
    const off = await appErrorOf(createBranch(admin, { name: "Helsinki", country_id: fi }));
    expect(off.status).toBe(422);
    expect(off.errors).toEqual({ country_id: ["The selected country is not operational."] });
  });
});

describe("listBranchesPage and getBranch", () => {
  it("sorts by name, pages 10 at a time, searches name or city, filters by country", async () => {
    for (let i = 0; i < 11; i++)
      await createBranch(admin, {
        name: `Office ${String(i).padStart(2, "0")}`,
        country_id: i < 3 ? se : dk,
        city: i === 5 ? "Odense" : null,
      });
    const first = await listBranchesPage(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(first.items[0]).toMatchObject({ name: "Office 00", country_name: "Sweden" });
    const second = await listBranchesPage(admin, { page: 2 });
    expect(second.items.map((b) => b.name)).toEqual(["Office 10"]);
    const city = await listBranchesPage(admin, { filter: { search: "odense" } });
    expect(city.items.map((b) => b.name)).toEqual(["Office 05"]);
    const sweden = await listBranchesPage(admin, { filter: { country_id: String(se) } });
    expect(sweden.meta.total).toBe(3);
    for (const raw of [{ page: "x" }, { filter: { country_id: "abc" } }, { perPage: 500 }])
      expect((await appErrorOf(listBranchesPage(admin, raw))).status).toBe(422);
  });

  it("answers one branch, and 404 for unknown or malformed ids", async () => {
    const b = await createBranch(admin, { name: "Aarhus", country_id: dk, city: "Viby J" });
    expect(await getBranch(admin, String(b.id))).toMatchObject({ name: "Aarhus", city: "Viby J" });
    for (const id of ["999999", "abc", "-3", "99999999999"]) {
      const err = await appErrorOf(getBranch(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Branch not found.");
    }
  });
});

describe("updateBranch", () => {
  it("changes every field and logs old and new", async () => {
    const b = await createBranch(admin, { name: "Aarhus", country_id: dk });
    const updated = await updateBranch(admin, b.id, {
      name: "Aarhus C",
      country_id: se,
      city: "Aarhus",
      address: "Banegårdspladsen 1",
    });
    expect(updated).toMatchObject({
      name: "Aarhus C",
      country_id: se,
      country_name: "Sweden",
      message: "Branch Aarhus C edited",
    });
    const log = await activityFor(b.id);
    expect(log[1].properties).toMatchObject({
      old: { name: "Aarhus", country_id: dk, city: null },
      attributes: { name: "Aarhus C", country_id: se, city: "Aarhus" },
    });
  });

  it("answers another branch's name with the spec's text (422 on name, not 500)", async () => {
    await createBranch(admin, { name: "Copenhagen", country_id: dk });
    const b = await createBranch(admin, { name: "Aarhus", country_id: dk });
    const err = await appErrorOf(updateBranch(admin, b.id, { name: "copenhagen", country_id: dk }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ name: [DUPLICATE] });
    expect((await getBranch(admin, b.id)).name).toBe("Aarhus");
    // Its own name in another case is fine.
    expect((await updateBranch(admin, b.id, { name: "AARHUS", country_id: dk })).name).toBe(
      "AARHUS",
    );
  });

  it("keeps a country that stopped being operational, but refuses moving to one", async () => {
    const [b] = await db
      .insert(schema.branches)
      .values({ name: "Helsinki", countryId: fi })
      .returning();
    expect((await updateBranch(admin, b.id, { name: "Helsinki C", country_id: fi })).name).toBe(
      "Helsinki C",
    );
    const other = await createBranch(admin, { name: "Oulu", country_id: dk });
    const err = await appErrorOf(updateBranch(admin, other.id, { name: "Oulu", country_id: fi }));
    expect(err.errors).toEqual({ country_id: ["The selected country is not operational."] });
  });

  it("answers 404 for an unknown id", async () => {
    expect(
      (await appErrorOf(updateBranch(admin, 999999, { name: "X", country_id: dk }))).status,
    ).toBe(404);
  });
});

describe("deleteBranch", () => {
  it("removes an unused branch", async () => {
    const b = await createBranch(admin, { name: "Aarhus", country_id: dk });
    expect(await deleteBranch(admin, b.id)).toEqual({
      id: b.id,
      archived: false,
      used_by: { count: 0, label: "" },
      message: "Branch Aarhus deleted",
    });
    expect(await db.select().from(schema.branches)).toHaveLength(0);
    expect((await activityFor(b.id)).map((l) => l.description)).toContain(
      'Deleted branch "Aarhus"',
    );
  });

  it("archives a branch in use: hidden from pickers, the job, user and company keep it", async () => {
    const b = await createBranch(admin, { name: "Copenhagen", country_id: dk });
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Gala", companyId, countryId: dk })
      .returning();
    await db.insert(schema.jobBranches).values({ jobId: job.id, branchId: b.id });
    const worker = await createUser(db, { roles: [ROLE.worker] });
    await db.insert(schema.userBranches).values({ userId: worker.id, branchId: b.id });
    await db.update(schema.companies).set({ defaultBranchId: b.id });
    expect((await listBranchesPage(admin, {})).items[0].used_by.label).toBe(
      "1 job, 1 user and 1 company",
    );

    const result = await deleteBranch(admin, b.id);
    expect(result).toEqual({
      id: b.id,
      archived: true,
      used_by: { count: 3, label: "1 job, 1 user and 1 company" },
      message: "Branch Copenhagen archived",
    });
    expect(await listBranches(admin)).toEqual([]);
    expect(await preferredBranches(admin, { country_id: dk })).toEqual([]);
    expect((await listBranchesPage(admin, {})).meta.total).toBe(0);
    const archived = await listBranchesPage(admin, { filter: { archived: "1" } });
    expect(archived.items.map((i) => [i.name, i.archived_at])).toEqual([
      ["Copenhagen", now.toISOString()],
    ]);
    expect(await db.select().from(schema.jobBranches)).toEqual([{ jobId: job.id, branchId: b.id }]);
    expect(await db.select().from(schema.userBranches)).toHaveLength(1);
    const [company] = await db.select().from(schema.companies);
    expect(company.defaultBranchId).toBe(b.id);
    expect((await activityFor(b.id)).map((l) => l.description)).toContain(
      'Archived branch "Copenhagen" (used by 1 job, 1 user and 1 company)',
    );
    // The archived name stays taken, and a second delete is a clear 409.
    const dup = await appErrorOf(createBranch(admin, { name: "Copenhagen", country_id: dk }));
    expect(dup.errors).toEqual({ name: [DUPLICATE] });
    const again = await appErrorOf(deleteBranch(admin, b.id));
    expect([again.status, again.message]).toEqual([409, "This branch is already archived."]);
  });

  it("counts the rates priced at a branch as a use, and archives it", async () => {
    const b = await createBranch(admin, { name: "Rates only", country_id: dk });
    const [skill] = await db
      .insert(schema.skills)
      .values({ name: `Rigger ${Date.now()}` })
      .returning();
    await db.insert(schema.clientRates).values({
      companyId,
      branchId: b.id,
      skillId: skill.id,
      currencyCode: "DKK",
      standardPrice: 25000,
    });
    expect((await getBranch(admin, b.id)).used_by).toEqual({ count: 1, label: "1 rate" });
    const result = await deleteBranch(admin, b.id);
    expect(result).toMatchObject({ archived: true, used_by: { label: "1 rate" } });
    expect((await getBranch(admin, b.id)).archived_at).toBe(now.toISOString());
    await db.delete(schema.clientRates);
    await db.delete(schema.skills).where(eq(schema.skills.id, skill.id));
  });

  it("answers 404 for unknown ids", async () => {
    expect((await appErrorOf(deleteBranch(admin, 999999))).status).toBe(404);
    expect((await appErrorOf(deleteBranch(admin, "1e3"))).status).toBe(404);
  });
});

describe("restoreBranch", () => {
  it("brings an archived branch back to the list and the pickers, and logs it", async () => {
    const b = await createBranch(admin, { name: "Odense", country_id: dk });
    const worker = await createUser(db, { roles: [ROLE.worker] });
    await db.insert(schema.userBranches).values({ userId: worker.id, branchId: b.id });
    expect((await deleteBranch(admin, b.id)).archived).toBe(true);
    expect(await listBranches(admin)).toEqual([]);

    const restored = await restoreBranch(admin, b.id);
    expect(restored).toMatchObject({
      id: b.id,
      name: "Odense",
      archived_at: null,
      used_by: { count: 1, label: "1 user" },
      message: "Branch Odense restored",
    });
    expect((await listBranches(admin)).map((r) => r.name)).toEqual(["Odense"]);
    expect((await listBranchesPage(admin, {})).items.map((r) => r.name)).toEqual(["Odense"]);
    expect((await activityFor(b.id)).map((l) => l.description)).toContain(
      'Restored branch "Odense"',
    );
  });

  it("answers 409 for a branch in use and 404 for unknown ids, writing nothing", async () => {
    const b = await createBranch(admin, { name: "Vejle", country_id: dk });
    const live = await appErrorOf(restoreBranch(admin, b.id));
    expect([live.status, live.message]).toEqual([409, "This branch is not archived."]);
    for (const id of [999999, "abc", 0])
      expect((await appErrorOf(restoreBranch(admin, id))).status).toBe(404);
    expect(await activityFor(b.id)).toHaveLength(1);
  });
});

describe("authorization", () => {
  // Only the Administrator holds branch_access by default.
  it.each([[ROLE.projectManager], [ROLE.crewHandler], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = await ctxOf(role, role === ROLE.client ? { companyId } : {});
      const b = await createBranch(admin, { name: "Aarhus", country_id: dk });
      const calls: Promise<unknown>[] = [
        listBranchesPage(ctx, {}),
        getBranch(ctx, b.id),
        createBranch(ctx, { name: "Sneaky", country_id: dk }),
        updateBranch(ctx, b.id, { name: "Sneaky", country_id: dk }),
        deleteBranch(ctx, b.id),
        restoreBranch(ctx, b.id),
        getBranch(ctx, 999999),
        createBranch(ctx, {}),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      expect((await db.select().from(schema.branches)).map((r) => r.name)).toEqual(["Aarhus"]);
      // The pickers' list stays open to everyone signed in.
      expect((await listBranches(ctx)).map((r) => r.name)).toEqual(["Aarhus"]);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listBranchesPage(anonymous, {}))).status).toBe(401);
    expect((await appErrorOf(deleteBranch(anonymous, 1))).status).toBe(401);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { createDressCode, deleteDressCode, getDressCode, listDressCodes, updateDressCode } from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let companyId: number;
let countryId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function insertCodes(names: string[]) {
  return db
    .insert(schema.dressCodes)
    .values(names.map((name) => ({ name, description: `${name} description` })))
    .returning();
}

async function activityFor(id: number) {
  return db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "dresscodes"), eq(schema.activityLog.subjectId, id)));
}

async function jobWith(dressCodeId: number | null, shiftDressCodeIds: (number | null)[] = []) {
  const [job] = await db
    .insert(schema.jobs)
    .values({ name: "Gala", companyId, countryId, dressCodeId })
    .returning();
  for (const shiftCode of shiftDressCodeIds) {
    await db.insert(schema.shifts).values({
      jobId: job.id,
      startsAt: new Date("2026-06-01T16:00:00Z"),
      endsAt: new Date("2026-06-01T23:00:00Z"),
      dressCodeId: shiftCode,
    });
  }
  return job;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company, country } = await createCountryAndCompany(db);
  companyId = company.id;
  countryId = country.id;
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
});
afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await db.delete(schema.shifts);
  await db.delete(schema.jobs);
  await db.delete(schema.dressCodes);
});

describe("listDressCodes", () => {
  it("pages 10 at a time by default, sorted by name regardless of case", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Code ${String(i + 1).padStart(2, "0")}`);
    await insertCodes([...names.slice(2), "code 02", "Code 01"]);
    const first = await listDressCodes(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    expect(first.items.map((i) => i.name)).toEqual(["Code 01", "code 02", ...names.slice(2, 10)]);
    expect(Object.keys(first.items[0]).sort()).toEqual(["description", "id", "jobs_count", "name"]);
    const second = await listDressCodes(admin, { page: "2" });
    expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 12 });
    expect(second.items.map((i) => i.name)).toEqual(["Code 11", "Code 12"]);
  });

  it("takes perPage and answers an empty page past the end", async () => {
    await insertCodes(["A", "B", "C"]);
    const page = await listDressCodes(admin, { page: 2, perPage: 2 });
    expect(page.items.map((i) => i.name)).toEqual(["C"]);
    expect(page.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    const past = await listDressCodes(admin, { page: 9 });
    expect(past.items).toEqual([]);
    expect(past.meta.total).toBe(3);
  });

  it("searches the name case-insensitively, with % and _ taken literally", async () => {
    await insertCodes(["Black tie", "White TIE", "Casual", "100% cotton", "Smart_casual"]);
    const ties = await listDressCodes(admin, { filter: { search: "tie" } });
    expect(ties.items.map((i) => i.name)).toEqual(["Black tie", "White TIE"]);
    expect(ties.meta.total).toBe(2);
    const pct = await listDressCodes(admin, { filter: { search: "%" } });
    expect(pct.items.map((i) => i.name)).toEqual(["100% cotton"]);
    const underscore = await listDressCodes(admin, { filter: { search: "t_c" } });
    expect(underscore.items.map((i) => i.name)).toEqual(["Smart_casual"]);
    const blank = await listDressCodes(admin, { filter: { search: "  " } });
    expect(blank.meta.total).toBe(5);
  });

  it("counts the distinct jobs using each dress code, on the job or a shift", async () => {
    const [used, shiftOnly, free] = await insertCodes(["Used", "Shift only", "Free"]);
    await jobWith(used.id, [used.id, shiftOnly.id]);
    await jobWith(null, [shiftOnly.id, shiftOnly.id]);
    const page = await listDressCodes(pm, {});
    const counts = Object.fromEntries(page.items.map((i) => [i.name, i.jobs_count]));
    expect(counts).toEqual({ Used: 1, "Shift only": 2, Free: 0 });
    expect(free.id).toBeGreaterThan(0);
  });

  it("answers bad paging with 422", async () => {
    for (const raw of [{ page: "0" }, { page: "x" }, { perPage: 101 }]) {
      expect((await appErrorOf(listDressCodes(admin, raw))).status).toBe(422);
    }
  });
});

describe("getDressCode", () => {
  it("answers one dress code with its jobs count", async () => {
    const [code] = await insertCodes(["Black tie"]);
    await jobWith(code.id);
    expect(await getDressCode(admin, String(code.id))).toEqual({
      id: code.id,
      name: "Black tie",
      description: "Black tie description",
      jobs_count: 1,
    });
  });

  it.each([["999999"], ["abc"], ["-1"], ["1.5"], [undefined], ["99999999999999"]])(
    "answers 404 for the id %s",
    async (id) => {
      const err = await appErrorOf(getDressCode(admin, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Dress code not found.");
    },
  );
});

describe("createDressCode", () => {
  it("creates a trimmed dress code, answers the spec's message and logs it", async () => {
    const created = await createDressCode(pm, {
      name: "  Black tie  ",
      description: "  Dinner jacket, bow tie.  ",
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Black tie",
      description: "Dinner jacket, bow tie.",
      jobs_count: 0,
      message: "Dress code Black tie created",
    });
    const [row] = await db
      .select()
      .from(schema.dressCodes)
      .where(eq(schema.dressCodes.id, created.id));
    expect(row).toMatchObject({ name: "Black tie", description: "Dinner jacket, bow tie." });
    expect(row.createdAt.toISOString()).toBe(now.toISOString());
    const log = await activityFor(created.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      subjectType: "dresscodes",
      causerId: pm.actor?.kind === "user" ? pm.actor.userId : -1,
      description: 'Created dress code "Black tie"',
    });
  });

  it("stores a blank or missing description as null", async () => {
    const a = await createDressCode(admin, { name: "A", description: "   " });
    const b = await createDressCode(admin, { name: "B" });
    expect([a.description, b.description]).toEqual([null, null]);
  });

  it("refuses a name that exists in another case with 422 on name, writing nothing", async () => {
    await createDressCode(admin, { name: "Black tie" });
    const err = await appErrorOf(createDressCode(admin, { name: " BLACK TIE " }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ name: ["A dress code with this name already exists."] });
    expect(await db.select().from(schema.dressCodes)).toHaveLength(1);
  });

  it("lets only one of two concurrent creates of the same name through", async () => {
    const results = await Promise.allSettled([
      createDressCode(admin, { name: "Race" }),
      createDressCode(admin, { name: "RACE" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({
      status: 422,
      errors: { name: ["A dress code with this name already exists."] },
    });
    expect(await db.select().from(schema.dressCodes)).toHaveLength(1);
  });

  it("maps a unique-index violation from the database to the same 422", async () => {
    const raceDb = {
      transaction: async () => {
        throw Object.assign(new Error("duplicate key"), { code: "23505" });
      },
    } as unknown as Db;
    const err = await appErrorOf(
      createDressCode(makeCtx(raceDb, admin.actor, { now }), { name: "Late" }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ name: ["A dress code with this name already exists."] });
  });

  it.each([
    ["missing", {}, "The name field is required."],
    ["empty", { name: "" }, "The name field is required."],
    ["only spaces", { name: "   " }, "The name field is required."],
    ["null", { name: null }, "The name field is required."],
    ["a number", { name: 12 }, "The name must be a string."],
    ["101 characters", { name: "x".repeat(101) }, "The name may be at most 100 characters."],
  ])("refuses a name that is %s with 422", async (_, raw, message) => {
    const err = await appErrorOf(createDressCode(admin, raw));
    expect(err.status).toBe(422);
    expect(err.errors?.name).toEqual([message]);
    expect(await db.select().from(schema.dressCodes)).toHaveLength(0);
  });

  it("accepts a name of exactly 100 characters and refuses a too-long description", async () => {
    const ok = await createDressCode(admin, { name: "y".repeat(100) });
    expect(ok.name).toHaveLength(100);
    const err = await appErrorOf(
      createDressCode(admin, { name: "Long", description: "d".repeat(2001) }),
    );
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {})).toEqual(["description"]);
  });

  it("refuses a body that is not an object with 422", async () => {
    expect((await appErrorOf(createDressCode(admin, "Black tie"))).status).toBe(422);
    expect((await appErrorOf(createDressCode(admin, null))).status).toBe(422);
  });
});

describe("updateDressCode", () => {
  it("changes name and description, answers the spec's message and logs old and new", async () => {
    const [code] = await insertCodes(["Casual"]);
    const updated = await updateDressCode(pm, String(code.id), {
      name: " Smart casual ",
      description: "Chinos and a shirt.",
    });
    expect(updated).toEqual({
      id: code.id,
      name: "Smart casual",
      description: "Chinos and a shirt.",
      jobs_count: 0,
      message: "Dress code Smart casual edited",
    });
    const [row] = await db
      .select()
      .from(schema.dressCodes)
      .where(eq(schema.dressCodes.id, code.id));
    expect(row.updatedAt.toISOString()).toBe(now.toISOString());
    const log = await activityFor(code.id);
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe('Edited dress code "Smart casual"');
    expect(log[0].properties).toMatchObject({
      old: { name: "Casual", description: "Casual description" },
      attributes: { name: "Smart casual", description: "Chinos and a shirt." },
    });
  });

  it("lets a dress code keep its own name in another case", async () => {
    const [code] = await insertCodes(["Black tie"]);
    const updated = await updateDressCode(admin, code.id, { name: "BLACK TIE" });
    expect(updated.name).toBe("BLACK TIE");
  });

  it("refuses another dress code's name, in any case, with 422 and changes nothing", async () => {
    const [a, b] = await insertCodes(["Black tie", "Casual"]);
    const err = await appErrorOf(updateDressCode(admin, b.id, { name: "black Tie" }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ name: ["A dress code with this name already exists."] });
    const rows = await db
      .select({ name: schema.dressCodes.name })
      .from(schema.dressCodes)
      .where(inArray(schema.dressCodes.id, [a.id, b.id]))
      .orderBy(schema.dressCodes.id);
    expect(rows.map((r) => r.name)).toEqual(["Black tie", "Casual"]);
    expect(await activityFor(b.id)).toHaveLength(0);
  });

  it("refuses an empty or too-long name with 422", async () => {
    const [code] = await insertCodes(["Casual"]);
    for (const name of ["", "  ", "z".repeat(101)]) {
      const err = await appErrorOf(updateDressCode(admin, code.id, { name }));
      expect(err.status).toBe(422);
      expect(Object.keys(err.errors ?? {})).toEqual(["name"]);
    }
  });

  it("answers 404 for an unknown id, before looking at the body", async () => {
    expect((await appErrorOf(updateDressCode(admin, 999999, { name: "X" }))).status).toBe(404);
    expect((await appErrorOf(updateDressCode(admin, "nope", { name: "X" }))).status).toBe(404);
  });
});

describe("deleteDressCode", () => {
  it("deletes an unused dress code, answers the spec's message and logs it", async () => {
    const [code] = await insertCodes(["Casual"]);
    expect(await deleteDressCode(pm, String(code.id))).toEqual({
      id: code.id,
      message: "Dress code Casual deleted",
    });
    expect(await db.select().from(schema.dressCodes)).toHaveLength(0);
    const log = await activityFor(code.id);
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe('Deleted dress code "Casual"');
  });

  it("refuses with 409 while a job uses it, and deletes nothing", async () => {
    const [code] = await insertCodes(["Black tie"]);
    await jobWith(code.id);
    const err = await appErrorOf(deleteDressCode(admin, code.id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("dresscode_in_use");
    expect(err.message).toContain("used by 1 job ");
    expect(await db.select().from(schema.dressCodes)).toHaveLength(1);
    expect(await activityFor(code.id)).toHaveLength(0);
  });

  it("counts jobs that use it only on their shifts, and archived jobs", async () => {
    const [code] = await insertCodes(["Hi-vis"]);
    await jobWith(null, [code.id, code.id]);
    const archived = await jobWith(null, [code.id]);
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, archived.id));
    const err = await appErrorOf(deleteDressCode(admin, code.id));
    expect(err.status).toBe(409);
    expect(err.message).toContain("used by 2 jobs");
    expect(await db.select().from(schema.dressCodes)).toHaveLength(1);
  });

  it("answers 404 for an unknown id", async () => {
    expect((await appErrorOf(deleteDressCode(admin, 999999))).status).toBe(404);
    expect((await appErrorOf(deleteDressCode(admin, "0"))).status).toBe(404);
  });
});

describe("authorization", () => {
  // Only roles holding dresscode_access (Administrator, Project Manager by default) may act.
  it.each([[ROLE.worker], [ROLE.client], [ROLE.crewHandler]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = await ctxOf(role, role === ROLE.client ? { companyId } : {});
      const [code] = await insertCodes(["Casual"]);
      const calls: Promise<unknown>[] = [
        listDressCodes(ctx, {}),
        getDressCode(ctx, code.id),
        createDressCode(ctx, { name: "Sneaky" }),
        updateDressCode(ctx, code.id, { name: "Sneaky" }),
        deleteDressCode(ctx, code.id),
        // Forbidden comes before not-found and validation: nothing leaks about ids.
        getDressCode(ctx, 999999),
        createDressCode(ctx, {}),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      const rows = await db.select().from(schema.dressCodes);
      expect(rows.map((r) => r.name)).toEqual(["Casual"]);
      expect(await activityFor(code.id)).toHaveLength(0);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listDressCodes(anonymous, {}))).status).toBe(401);
    expect((await appErrorOf(createDressCode(anonymous, { name: "X" }))).status).toBe(401);
  });
});

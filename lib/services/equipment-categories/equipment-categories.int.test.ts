import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import {
  createEquipmentCategory,
  deleteEquipmentCategory,
  getEquipmentCategory,
  listEquipmentCategories,
  updateEquipmentCategory,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let companyId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function insertCategories(names: string[]) {
  return db
    .insert(schema.equipmentCategories)
    .values(names.map((name) => ({ name, description: `${name} gear` })))
    .returning();
}

const activityFor = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.logName, "equipment_categories"),
        eq(schema.activityLog.subjectId, id),
      ),
    );

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  companyId = (await createCountryAndCompany(db)).company.id;
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await db.delete(schema.additionalCosts);
  await db.delete(schema.equipmentCategories);
});

describe("listEquipmentCategories", () => {
  it("pages 10 at a time by name regardless of case, searches, leaves archived ones out", async () => {
    const rows = await insertCategories([
      ...Array.from({ length: 11 }, (_, i) => `Kit ${String(i + 1).padStart(2, "0")}`),
      "audio",
      "Gone",
    ]);
    await db
      .update(schema.equipmentCategories)
      .set({ archivedAt: now })
      .where(eq(schema.equipmentCategories.id, rows[12].id));
    const first = await listEquipmentCategories(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(names(first.items).slice(0, 2)).toEqual(["audio", "Kit 01"]);
    expect(first.items[0]).toEqual({
      id: rows[11].id,
      name: "audio",
      description: "audio gear",
      used_by: "",
      used_count: 0,
    });
    const found = await listEquipmentCategories(admin, { filter: { search: "KIT 1" } });
    expect(names(found.items)).toEqual(["Kit 10", "Kit 11"]);
    expect((await appErrorOf(listEquipmentCategories(admin, { page: "-1" }))).status).toBe(422);
    const all = await listEquipmentCategories(await ctxOf(ROLE.worker), { all: 1 });
    expect(all.items).toHaveLength(12);
  });
});

describe("writes", () => {
  it("creates, edits and deletes with the messages, logging each", async () => {
    const created = await createEquipmentCategory(admin, { name: " Power ", description: "" });
    expect(created).toMatchObject({
      name: "Power",
      description: null,
      message: "Equipment category Power created",
    });
    const edited = await updateEquipmentCategory(admin, created.id, {
      name: "Power distribution",
      description: "Generators, distros, cable.",
    });
    expect(edited).toMatchObject({
      name: "Power distribution",
      message: "Equipment category Power distribution edited",
    });
    expect(await getEquipmentCategory(admin, created.id)).toMatchObject({
      name: "Power distribution",
      description: "Generators, distros, cable.",
    });
    expect(await deleteEquipmentCategory(admin, created.id)).toEqual({
      id: created.id,
      archived: false,
      message: "Equipment category Power distribution deleted",
    });
    expect(await db.select().from(schema.equipmentCategories)).toHaveLength(0);
    const log = await activityFor(created.id);
    expect(log.map((l) => l.description)).toEqual([
      'Created equipment category "Power"',
      'Edited equipment category "Power distribution"',
      'Deleted equipment category "Power distribution"',
    ]);
    expect(log[1].properties).toMatchObject({
      old: { name: "Power", description: null },
      attributes: { name: "Power distribution" },
    });
  });

  it("refuses a duplicate name in any case and bad input with 422, writing nothing", async () => {
    const [trucks] = await insertCategories(["Trucks", "Audio"]);
    const dup = await appErrorOf(createEquipmentCategory(admin, { name: "trucks" }));
    expect(dup.status).toBe(422);
    expect(dup.errors).toEqual({ name: ["An equipment category with this name already exists."] });
    const rename = await appErrorOf(updateEquipmentCategory(admin, trucks.id, { name: "AUDIO" }));
    expect(rename.errors).toEqual({
      name: ["An equipment category with this name already exists."],
    });
    for (const raw of [{}, { name: "" }, { name: "A", description: "d".repeat(2001) }, "x"]) {
      expect((await appErrorOf(createEquipmentCategory(admin, raw))).status).toBe(422);
    }
    expect(names(await db.select().from(schema.equipmentCategories))).toEqual(["Trucks", "Audio"]);
  });

  it("answers 404 for unknown, malformed or archived ids", async () => {
    const [gone] = await insertCategories(["Gone"]);
    await db.update(schema.equipmentCategories).set({ archivedAt: now });
    for (const id of [999999, "abc", gone.id]) {
      expect((await appErrorOf(getEquipmentCategory(admin, id))).status).toBe(404);
      expect((await appErrorOf(updateEquipmentCategory(admin, id, { name: "X" }))).status).toBe(
        404,
      );
      expect((await appErrorOf(deleteEquipmentCategory(admin, id))).status).toBe(404);
    }
  });

  it("archives a category named by a job's additional costs, and restores it on a new create", async () => {
    const [rigging] = await insertCategories(["Rigging"]);
    const [company] = await db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.id, companyId));
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Stage build", companyId, countryId: company.countryId })
      .returning();
    await db.insert(schema.additionalCosts).values(
      [4500, 12000].map((unitAmount) => ({
        jobId: job.id,
        category: "equipment" as const,
        equipmentCategoryId: rigging.id,
        unitAmount,
        currencyCode: "DKK",
      })),
    );
    expect((await getEquipmentCategory(admin, rigging.id)).used_by).toBe("2 additional costs");
    expect((await deleteEquipmentCategory(admin, rigging.id)).archived).toBe(true);
    expect(await listEquipmentCategories(admin, {})).toMatchObject({ items: [] });
    expect((await activityFor(rigging.id)).at(-1)?.description).toBe(
      'Archived equipment category "Rigging" (used by 2 additional costs)',
    );
    const back = await createEquipmentCategory(admin, { name: "RIGGING" });
    expect(back.id).toBe(rigging.id);
  });
});

describe("authorization", () => {
  it.each([[ROLE.projectManager], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = role === ROLE.projectManager ? pm : await ctxOf(role, { companyId });
      const [audio] = await insertCategories(["Audio"]);
      const calls: Promise<unknown>[] = [
        listEquipmentCategories(ctx, {}),
        getEquipmentCategory(ctx, audio.id),
        createEquipmentCategory(ctx, { name: "Sneaky" }),
        updateEquipmentCategory(ctx, audio.id, { name: "Sneaky" }),
        deleteEquipmentCategory(ctx, audio.id),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      expect(names(await db.select().from(schema.equipmentCategories))).toEqual(["Audio"]);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listEquipmentCategories(anonymous, { all: 1 }))).status).toBe(401);
  });
});

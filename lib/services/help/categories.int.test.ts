import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import {
  createHelpCategory,
  deleteHelpCategory,
  getHelpCategory,
  helpCategoryOptions,
  helpRoleOptions,
  listHelpCategories,
  saveHelpCategoryWeights,
  updateHelpCategory,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let client: Ctx;
let workerRole: number;
let clientRole: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

const activity = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "help"), eq(schema.activityLog.subjectId, id)));

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company } = await createCountryAndCompany(db);
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
  worker = await ctxOf(ROLE.worker);
  client = await ctxOf(ROLE.client, { companyId: company.id });
  workerRole = await roleId(db, ROLE.worker);
  clientRole = await roleId(db, ROLE.client);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await db.delete(schema.helpArticles);
  await db.delete(schema.helpCategories);
});

describe("help categories: permission", () => {
  it("answers 403 to every verb without help_category_access", async () => {
    for (const ctx of [pm, worker, client]) {
      expect((await appErrorOf(listHelpCategories(ctx, {}))).status).toBe(403);
      expect((await appErrorOf(createHelpCategory(ctx, { name: "X" }))).status).toBe(403);
      expect((await appErrorOf(updateHelpCategory(ctx, 1, { name: "X" }))).status).toBe(403);
      expect((await appErrorOf(deleteHelpCategory(ctx, 1))).status).toBe(403);
      expect((await appErrorOf(getHelpCategory(ctx, 1))).status).toBe(403);
      expect((await appErrorOf(saveHelpCategoryWeights(ctx, { ids: [1] }))).status).toBe(403);
      expect((await appErrorOf(helpRoleOptions(ctx))).status).toBe(403);
      expect((await appErrorOf(helpCategoryOptions(ctx))).status).toBe(403);
    }
  });
});

describe("createHelpCategory / updateHelpCategory", () => {
  it("creates with target roles, places it last, logs it and says so", async () => {
    const first = await createHelpCategory(admin, { name: "Everyone" });
    const made = await createHelpCategory(admin, {
      name: "  Working shifts ",
      description: "For crew",
      target_roles: [workerRole, workerRole],
    });
    expect(made).toMatchObject({
      name: "Working shifts",
      description: "For crew",
      target_roles: [workerRole],
      target_role_names: [ROLE.worker],
      articles_count: 0,
      message: "Help category Working shifts created",
    });
    expect(made.weight).toBe(first.weight + 1);
    expect(first.target_roles).toEqual([]);
    const [log] = await activity(made.id);
    expect(log.description).toBe('Created help category "Working shifts"');
  });

  it("refuses a duplicate name regardless of case, an unknown role and bad input with 422", async () => {
    await createHelpCategory(admin, { name: "Booking crew" });
    const dup = await appErrorOf(createHelpCategory(admin, { name: "BOOKING CREW" }));
    expect(dup.status).toBe(422);
    expect(dup.message).toBe("A help category with this name already exists.");
    const role = await appErrorOf(createHelpCategory(admin, { name: "R", target_roles: [999999] }));
    expect(role.status).toBe(422);
    expect(role.errors).toEqual({ target_roles: ["The selected role is invalid."] });
    for (const bad of [
      {},
      { name: "" },
      { name: "x".repeat(101) },
      { name: "Y", target_roles: "1" },
    ]) {
      expect((await appErrorOf(createHelpCategory(admin, bad))).status).toBe(422);
    }
    expect((await listHelpCategories(admin, {})).meta.total).toBe(1);
  });

  it("edits name, description and roles, logging before and after", async () => {
    const made = await createHelpCategory(admin, { name: "Clients", target_roles: [clientRole] });
    const edited = await updateHelpCategory(admin, String(made.id), {
      name: "Client help",
      description: "For client contacts",
      target_roles: [clientRole, workerRole],
    });
    expect(edited).toMatchObject({
      name: "Client help",
      target_roles: [Math.min(clientRole, workerRole), Math.max(clientRole, workerRole)],
      message: "Help category Client help edited",
    });
    const logs = await activity(made.id);
    const edit = logs.find((l) => l.description.startsWith("Edited"));
    expect(edit?.properties).toMatchObject({
      old: { name: "Clients", target_roles: [clientRole] },
      attributes: { name: "Client help" },
    });
    // Its own name again (other case) is not a duplicate.
    await updateHelpCategory(admin, made.id, { name: "CLIENT HELP" });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "99999999999"]) {
      expect((await appErrorOf(updateHelpCategory(admin, id, { name: "Z" }))).status).toBe(404);
      expect((await appErrorOf(getHelpCategory(admin, id))).status).toBe(404);
      expect((await appErrorOf(deleteHelpCategory(admin, id))).status).toBe(404);
    }
  });
});

describe("listHelpCategories", () => {
  it("pages 10 at a time in weight order, with search and article counts", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Cat ${String(i + 1).padStart(2, "0")}`);
    const made = [];
    for (const name of names) made.push(await createHelpCategory(admin, { name }));
    await db
      .insert(schema.helpArticles)
      .values({ categoryId: made[0].id, title: "T", body: "<p>b</p>" });
    const first = await listHelpCategories(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.items.map((c) => c.name)).toEqual(names.slice(0, 10));
    expect(first.items[0].articles_count).toBe(1);
    const second = await listHelpCategories(admin, { page: 2 });
    expect(second.items.map((c) => c.name)).toEqual(["Cat 11", "Cat 12"]);
    const found = await listHelpCategories(admin, { filter: { search: "t 1" } });
    expect(found.items.map((c) => c.name)).toEqual(["Cat 10", "Cat 11", "Cat 12"]);
    expect((await appErrorOf(listHelpCategories(admin, { perPage: 1000 }))).status).toBe(422);
  });
});

describe("deleteHelpCategory", () => {
  it("deletes an empty category and refuses one with articles with 409 naming how many", async () => {
    const empty = await createHelpCategory(admin, { name: "Empty" });
    const full = await createHelpCategory(admin, { name: "Full" });
    await db.insert(schema.helpArticles).values([
      { categoryId: full.id, title: "A", body: "<p>a</p>" },
      { categoryId: full.id, title: "B", body: "<p>b</p>" },
    ]);
    const refused = await appErrorOf(deleteHelpCategory(admin, full.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      "This help category is used by 2 articles and cannot be deleted. Move its articles to another category or delete them first.",
    );
    expect((await listHelpCategories(admin, {})).meta.total).toBe(2);
    expect(await deleteHelpCategory(admin, empty.id)).toEqual({
      id: empty.id,
      message: "Help category Empty deleted",
    });
    const logs = await activity(empty.id);
    expect(logs.map((l) => l.description)).toContain('Deleted help category "Empty"');
  });
});

describe("saveHelpCategoryWeights", () => {
  it("saves the order, and refuses unknown ids with 422 changing nothing", async () => {
    const [a, b, c] = [
      await createHelpCategory(admin, { name: "A" }),
      await createHelpCategory(admin, { name: "B" }),
      await createHelpCategory(admin, { name: "C" }),
    ];
    expect(await saveHelpCategoryWeights(admin, { ids: [c.id, a.id, b.id] })).toEqual({
      ids: [c.id, a.id, b.id],
      message: "Weights set successfully",
    });
    const order = async () =>
      (
        await db
          .select({ name: schema.helpCategories.name })
          .from(schema.helpCategories)
          .orderBy(asc(schema.helpCategories.weight))
      ).map((r) => r.name);
    expect(await order()).toEqual(["C", "A", "B"]);
    expect((await listHelpCategories(admin, {})).items.map((i) => i.name)).toEqual(["C", "A", "B"]);
    expect((await helpCategoryOptions(admin)).map((i) => i.name)).toEqual(["C", "A", "B"]);
    const bad = await appErrorOf(saveHelpCategoryWeights(admin, { ids: [a.id, 999999] }));
    expect(bad.status).toBe(422);
    expect((await appErrorOf(saveHelpCategoryWeights(admin, { ids: [a.id, a.id] }))).status).toBe(
      422,
    );
    expect((await appErrorOf(saveHelpCategoryWeights(admin, {}))).status).toBe(422);
    expect(await order()).toEqual(["C", "A", "B"]);
  });
});

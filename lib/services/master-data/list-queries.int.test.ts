import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "@/lib/services/context";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { listBranchesPage } from "../branches";
import { listCountriesPage } from "../countries";
import { listDocumentTypes } from "../document-types";
import { listDressCodes } from "../dresscodes";
import { listEquipmentCategories } from "../equipment-categories";
import { listArticles } from "../help/articles";
import { listHelpCategories } from "../help/categories";
import { listLanguages } from "../languages";
import { listLevels } from "../levels";
import { listPermissions } from "../permissions";
import { listRoles } from "../roles";
import { listSkillTree } from "../skills";

/*
 * The back office's lists cost the same number of queries for one row as for a full page
 * (no query per row for a role's permissions, a permission's roles, a parent's sub-skills,
 * a category's articles or a document type's roles and skills).
 */

let handle: DbHandle;
let db: Db;
let counting: ReturnType<typeof countingDb>;
let admin: Ctx;

const LISTS: [string, (ctx: Ctx, perPage: number) => Promise<{ items: unknown[] }>][] = [
  ["levels", (ctx, perPage) => listLevels(ctx, { perPage })],
  ["branches", (ctx, perPage) => listBranchesPage(ctx, { perPage })],
  ["skills", (ctx, perPage) => listSkillTree(ctx, { perPage })],
  ["countries", (ctx, perPage) => listCountriesPage(ctx, { perPage })],
  ["languages", (ctx, perPage) => listLanguages(ctx, { perPage })],
  ["equipment categories", (ctx, perPage) => listEquipmentCategories(ctx, { perPage })],
  ["roles", (ctx, perPage) => listRoles(ctx, { perPage })],
  ["permissions", (ctx, perPage) => listPermissions(ctx, { perPage })],
  ["help categories", (ctx, perPage) => listHelpCategories(ctx, { perPage })],
  ["help articles", (ctx, perPage) => listArticles(ctx, { perPage })],
  ["dress codes", (ctx, perPage) => listDressCodes(ctx, { perPage })],
  ["document types", (ctx, perPage) => listDocumentTypes(ctx, { perPage })],
];

let n = 0;
/** `k` more rows in each list, each with the relations its row shows. */
async function grow(k: number) {
  const [currency] = await db.select().from(schema.currencies).limit(1);
  const permissionIds = (await db.select({ id: schema.permissions.id }).from(schema.permissions))
    .map((p) => p.id)
    .slice(0, 3);
  for (let i = 0; i < k; i++) {
    const tag = ++n;
    const iso = String.fromCharCode(65 + Math.floor(tag / 26), 65 + (tag % 26));
    const [country] = await db
      .insert(schema.countries)
      .values({
        name: `Country ${tag}`,
        isoCode: `${iso}`,
        currencyCode: currency.code,
        timeZone: "Europe/Copenhagen",
      })
      .onConflictDoNothing()
      .returning();
    const countryId =
      country?.id ?? (await db.select().from(schema.countries).limit(1)).map((c) => c.id)[0];
    await db.insert(schema.branches).values({ name: `Branch ${tag}`, countryId });
    const [parent] = await db
      .insert(schema.skills)
      .values({ name: `Parent ${tag}` })
      .returning();
    await db.insert(schema.skills).values([
      { name: `Sub ${tag}a`, parentId: parent.id },
      { name: `Sub ${tag}b`, parentId: parent.id },
    ]);
    await db.insert(schema.levels).values({ name: `Level ${tag}`, weight: tag });
    await db.insert(schema.languages).values({ name: `Language ${tag}`, code: `l${tag}` });
    await db.insert(schema.equipmentCategories).values({ name: `Equipment ${tag}` });
    await db.insert(schema.dressCodes).values({ name: `Dress code ${tag}` });
    const [role] = await db
      .insert(schema.roles)
      .values({ title: `Role ${tag}` })
      .returning();
    await db
      .insert(schema.rolePermissions)
      .values(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })));
    const [permission] = await db
      .insert(schema.permissions)
      .values({ name: `custom_permission_${tag}` })
      .returning();
    await db
      .insert(schema.rolePermissions)
      .values({ roleId: role.id, permissionId: permission.id });
    const [type] = await db
      .insert(schema.documentTypes)
      .values({ name: `Document ${tag}` })
      .returning();
    await db.insert(schema.documentTypeRoles).values({ documentTypeId: type.id, roleId: role.id });
    await db
      .insert(schema.documentTypeSkills)
      .values({ documentTypeId: type.id, skillId: parent.id });
    const [category] = await db
      .insert(schema.helpCategories)
      .values({ name: `Help ${tag}`, targetRoles: [role.id], weight: tag })
      .returning();
    await db.insert(schema.helpArticles).values([
      { categoryId: category.id, title: `How to ${tag}`, body: "<p>Steps</p>" },
      { categoryId: category.id, title: `Why ${tag}`, body: "<p>Because</p>" },
    ]);
  }
}

/** Statements for a page of `perPage` rows (and that it holds that many). */
async function statementsOf(
  name: string,
  list: (ctx: Ctx, perPage: number) => Promise<{ items: unknown[] }>,
  perPage: number,
) {
  counting.reset();
  const page = await list(admin, perPage);
  expect(page.items.length, name).toBe(perPage);
  return counting.statements();
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  counting = countingDb(handle);
  const user = await createUser(db, { roles: [ROLE.admin] });
  admin = await ctxFor(counting.db, user.id);
});
afterAll(async () => {
  await handle?.close();
});

describe("the back office's lists: queries per page", () => {
  it("are as many for a page of 50 rows as for one row", async () => {
    await grow(50);
    const one: Record<string, number> = {};
    const fifty: Record<string, number> = {};
    for (const [name, list] of LISTS) {
      one[name] = await statementsOf(name, list, 1);
      fifty[name] = await statementsOf(name, list, 50);
    }
    expect(fifty).toEqual(one);
    // A handful each: the page, its count, one query per relation shown (skills: where each
    // parent and each sub-skill is used, seven places, in one query per place and generation).
    for (const [name, count] of Object.entries(fifty)) expect(count, name).toBeLessThanOrEqual(17);
  });
});

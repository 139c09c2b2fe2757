import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { signUpOptions } from "../account/registration";
import { freelancerListFilters } from "../users/freelancers";
import { profileFormOptions } from "../users/options";
import { wizardOptions } from "../users/wizard-options";
import {
  createLanguage,
  deleteLanguage,
  getLanguage,
  languageOptions,
  listLanguages,
  updateLanguage,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let workerId: number;
let companyId: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id, { now });

async function insertLanguages(rows: [string, string][]) {
  return db
    .insert(schema.languages)
    .values(rows.map(([name, code]) => ({ name, code })))
    .returning();
}

const activityFor = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(and(eq(schema.activityLog.logName, "languages"), eq(schema.activityLog.subjectId, id)));

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  companyId = (await createCountryAndCompany(db)).company.id;
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
  workerId = (await createUser(db, { roles: [ROLE.worker] })).id;
  worker = await ctxFor(db, workerId, { now });
});
afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await db.delete(schema.userLanguages);
  await db.delete(schema.languages);
});

describe("listLanguages", () => {
  it("pages 10 at a time sorted by id (spec §9), leaving archived ones out", async () => {
    const rows = await insertLanguages(
      Array.from({ length: 12 }, (_, i) => [`Zlang ${12 - i}`, String.fromCharCode(97 + i) + "a"]),
    );
    await db
      .update(schema.languages)
      .set({ archivedAt: now })
      .where(eq(schema.languages.id, rows[1].id));
    const first = await listLanguages(admin, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(first.items[0]).toEqual({
      id: rows[0].id,
      name: "Zlang 12",
      code: "aa",
      users_count: 0,
    });
    expect(first.items.map((l) => l.id)).toEqual(
      rows.filter((_, i) => i !== 1 && i < 11).map((r) => r.id),
    );
    expect((await listLanguages(admin, { page: 2 })).items.map((l) => l.id)).toEqual([rows[11].id]);
  });

  it("searches name or code case-insensitively; bad paging is 422", async () => {
    await insertLanguages([
      ["German", "de"],
      ["Danish", "da"],
      ["Swedish", "sv"],
    ]);
    expect(names((await listLanguages(admin, { filter: { search: "DA" } })).items)).toEqual([
      "Danish",
    ]);
    expect(names((await listLanguages(admin, { filter: { search: "ish" } })).items)).toEqual([
      "Danish",
      "Swedish",
    ]);
    for (const raw of [{ page: "0" }, { perPage: "1000" }]) {
      expect((await appErrorOf(listLanguages(admin, raw))).status).toBe(422);
    }
  });

  it("gives every signed-in user the pickers' form (all=1) without counts", async () => {
    await insertLanguages([
      ["German", "de"],
      ["Danish", "da"],
    ]);
    const page = await listLanguages(worker, { all: "true" });
    expect(page.items.map((l) => Object.keys(l).sort())).toEqual([
      ["code", "id", "name"],
      ["code", "id", "name"],
    ]);
    expect(names(page.items)).toEqual(["German", "Danish"]);
  });
});

describe("createLanguage and updateLanguage", () => {
  it("creates a trimmed language, answers the message and logs it", async () => {
    const created = await createLanguage(admin, { name: " Dutch ", code: " nl " });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Dutch",
      code: "nl",
      users_count: 0,
      message: "Language Dutch created",
    });
    expect((await activityFor(created.id)).map((l) => l.description)).toEqual([
      'Created language "Dutch"',
    ]);
  });

  it.each([
    [{ name: "Dutch" }, "code", "The code field is required."],
    [
      { name: "Dutch", code: "NL" },
      "code",
      "The code must be two lower-case letters (ISO 639-1), e.g. en.",
    ],
    [
      { name: "Dutch", code: "nld" },
      "code",
      "The code must be two lower-case letters (ISO 639-1), e.g. en.",
    ],
    [
      { name: "Dutch", code: "n1" },
      "code",
      "The code must be two lower-case letters (ISO 639-1), e.g. en.",
    ],
    [{ code: "nl" }, "name", "The name field is required."],
    [{ name: "x".repeat(101), code: "nl" }, "name", "The name may be at most 100 characters."],
  ])("refuses %j with 422 on its field", async (raw, field, message) => {
    const err = await appErrorOf(createLanguage(admin, raw));
    expect(err.status).toBe(422);
    expect(err.errors?.[field]).toEqual([message]);
    expect(await db.select().from(schema.languages)).toHaveLength(0);
  });

  it("refuses a taken name (any case) or code with 422 on that field, writing nothing", async () => {
    await insertLanguages([["German", "de"]]);
    const byName = await appErrorOf(createLanguage(admin, { name: "GERMAN", code: "gx" }));
    expect(byName.errors).toEqual({ name: ["A language with this name already exists."] });
    const byCode = await appErrorOf(createLanguage(admin, { name: "Deutsch", code: "de" }));
    expect(byCode.status).toBe(422);
    expect(byCode.errors).toEqual({ code: ["A language with this code already exists."] });
    expect(await db.select().from(schema.languages)).toHaveLength(1);
  });

  it("brings an archived language back when its name or code is created again", async () => {
    const [old] = await insertLanguages([["Dutch", "nl"]]);
    await db
      .update(schema.languages)
      .set({ archivedAt: now })
      .where(eq(schema.languages.id, old.id));
    const again = await createLanguage(admin, { name: "Nederlands", code: "nl" });
    expect(again.id).toBe(old.id);
    expect(names(await languageOptions(db))).toEqual(["Nederlands"]);
  });

  it("edits name and code, logs old and new, and refuses another language's code", async () => {
    const [de, da] = await insertLanguages([
      ["German", "de"],
      ["Danish", "da"],
    ]);
    const updated = await updateLanguage(admin, de.id, { name: "Deutsch", code: "de" });
    expect(updated).toMatchObject({
      name: "Deutsch",
      code: "de",
      message: "Language Deutsch edited",
    });
    const [log] = await activityFor(de.id);
    expect(log.properties).toMatchObject({
      old: { name: "German", code: "de" },
      attributes: { name: "Deutsch", code: "de" },
    });
    const err = await appErrorOf(updateLanguage(admin, da.id, { name: "Danish", code: "de" }));
    expect(err.errors).toEqual({ code: ["A language with this code already exists."] });
    expect(
      (await appErrorOf(updateLanguage(admin, 999999, { name: "X", code: "xx" }))).status,
    ).toBe(404);
    expect((await appErrorOf(getLanguage(admin, "abc"))).status).toBe(404);
  });
});

describe("deleteLanguage", () => {
  it("deletes a language nobody speaks", async () => {
    const [fi] = await insertLanguages([["Finnish", "fi"]]);
    expect(await deleteLanguage(admin, fi.id)).toEqual({
      id: fi.id,
      archived: false,
      message: "Language Finnish deleted",
    });
    expect(await db.select().from(schema.languages)).toHaveLength(0);
  });

  it("archives a spoken language: gone from every picker, kept on the profile", async () => {
    const [fi, sv] = await insertLanguages([
      ["Finnish", "fi"],
      ["Swedish", "sv"],
    ]);
    await db.insert(schema.userLanguages).values({ userId: workerId, languageId: fi.id });
    expect((await getLanguage(admin, fi.id)).users_count).toBe(1);
    expect((await deleteLanguage(admin, fi.id)).archived).toBe(true);
    expect(names((await listLanguages(admin, {})).items)).toEqual(["Swedish"]);
    expect(names((await listLanguages(worker, { all: 1 })).items)).toEqual(["Swedish"]);
    expect(names((await freelancerListFilters(pm)).languages)).toEqual(["Swedish"]);
    expect(names((await wizardOptions(admin)).languages)).toEqual(["Swedish"]);
    expect(names((await signUpOptions(makeCtx(db, null, { now }))).languages)).toEqual(["Swedish"]);
    // The speaker keeps it, and their own form still offers it (to untick); nobody else's does.
    const spoken = await db
      .select()
      .from(schema.userLanguages)
      .where(eq(schema.userLanguages.userId, workerId));
    expect(spoken.map((s) => s.languageId)).toEqual([fi.id]);
    expect(names((await profileFormOptions(admin, workerId, "personal")).languages)).toEqual([
      "Finnish",
      "Swedish",
    ]);
    expect(names((await profileFormOptions(admin, pmId(), "personal")).languages)).toEqual([
      "Swedish",
    ]);
    expect(sv.id).toBeGreaterThan(0);
    expect((await activityFor(fi.id)).at(-1)?.description).toBe(
      'Archived language "Finnish" (spoken by 1 person)',
    );
  });
});

const pmId = () => (pm.actor?.kind === "user" ? pm.actor.userId : 0);

describe("authorization", () => {
  // language_access is the Administrator's by default.
  it.each([[ROLE.projectManager], [ROLE.worker], [ROLE.client]])(
    "answers 403 to a %s on every verb and writes nothing",
    async (role) => {
      const ctx = role === ROLE.projectManager ? pm : await ctxOf(role, { companyId });
      const [de] = await insertLanguages([["German", "de"]]);
      const calls: Promise<unknown>[] = [
        listLanguages(ctx, {}),
        getLanguage(ctx, de.id),
        createLanguage(ctx, { name: "Sneaky", code: "sn" }),
        updateLanguage(ctx, de.id, { name: "Sneaky", code: "sn" }),
        deleteLanguage(ctx, de.id),
        getLanguage(ctx, 999999),
      ];
      for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
      expect(names(await languageOptions(db))).toEqual(["German"]);
      expect(await activityFor(de.id)).toHaveLength(0);
    },
  );

  it("answers 401 without a signed-in user", async () => {
    const anonymous = makeCtx(db, null, { now });
    expect((await appErrorOf(listLanguages(anonymous, { all: 1 }))).status).toBe(401);
    expect((await appErrorOf(createLanguage(anonymous, { name: "X", code: "xx" }))).status).toBe(
      401,
    );
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import {
  createDocumentType,
  deleteDocumentType,
  documentTypeOptions,
  getDocumentType,
  listDocumentTypes,
  updateDocumentType,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let workerId: number;
let client: Ctx;
let skillId: number;
let workerRole: number;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) => {
  const u = await createUser(db, { roles: [role], ...extra });
  return { id: u.id, ctx: await ctxFor(db, u.id, { now }) };
};

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company } = await createCountryAndCompany(db);
  admin = (await ctxOf(ROLE.admin)).ctx;
  pm = (await ctxOf(ROLE.projectManager)).ctx;
  const w = await ctxOf(ROLE.worker);
  worker = w.ctx;
  workerId = w.id;
  client = (await ctxOf(ROLE.client, { companyId: company.id })).ctx;
  const [skill] = await db.insert(schema.skills).values({ name: "Forklift" }).returning();
  skillId = skill.id;
  workerRole = await roleId(db, ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await db.delete(schema.documents);
  await db.delete(schema.documentTypes);
});

const base = { is_required: true, has_expiry: true, warning_months: 2 };

describe("createDocumentType", () => {
  it("creates with roles and skills, logs it, answers the spec-style message", async () => {
    const t = await createDocumentType(admin, {
      ...base,
      name: "  Passport ",
      description: "",
      role_ids: [workerRole],
      skill_ids: `${skillId}`,
    });
    expect(t).toMatchObject({
      name: "Passport",
      description: null,
      is_required: true,
      has_expiry: true,
      warning_months: 2,
      role_ids: [workerRole],
      skill_ids: [skillId],
      roles: [{ id: workerRole, title: ROLE.worker }],
      skills: [{ id: skillId, name: "Forklift" }],
      documents_count: 0,
      message: "Document type Passport created",
    });
    const log = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.logName, "document_types"),
          eq(schema.activityLog.subjectId, t.id),
        ),
      );
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe('Created document type "Passport"');
  });

  it("refuses a duplicate name regardless of case, bad links and out-of-range months (422)", async () => {
    await createDocumentType(admin, { ...base, name: "Passport" });
    const dup = await appErrorOf(createDocumentType(admin, { ...base, name: "PASSPORT" }));
    expect(dup.status).toBe(422);
    expect(dup.errors?.name).toEqual(["A document type with this name already exists."]);
    const role = await appErrorOf(createDocumentType(admin, { name: "A", role_ids: [999999] }));
    expect(role.errors?.role_ids).toEqual(["The selected role is invalid."]);
    const skill = await appErrorOf(createDocumentType(admin, { name: "B", skill_ids: [999999] }));
    expect(skill.errors?.skill_ids).toEqual(["The selected skill is invalid."]);
    const months = await appErrorOf(createDocumentType(admin, { name: "C", warning_months: 25 }));
    expect(months.errors?.warning_months).toEqual(["The warning months may be at most 24."]);
    const blank = await appErrorOf(createDocumentType(admin, { name: "  " }));
    expect(blank.errors?.name).toEqual(["The name field is required."]);
    expect((await listDocumentTypes(admin, {})).meta.total).toBe(1);
  });

  it("needs document_type_access: a project manager, a worker and a client get 403", async () => {
    for (const ctx of [pm, worker, client]) {
      expect((await appErrorOf(createDocumentType(ctx, { name: "X" }))).status).toBe(403);
    }
  });
});

describe("listDocumentTypes", () => {
  it("pages 10 by name, searches, and is readable by any signed-in user", async () => {
    for (let i = 1; i <= 12; i++)
      await createDocumentType(admin, { name: `Type ${String(i).padStart(2, "0")}` });
    const first = await listDocumentTypes(worker, {});
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.items[0].name).toBe("Type 01");
    const search = await listDocumentTypes(client, { filter: { search: "11" } });
    expect(search.items.map((i) => i.name)).toEqual(["Type 11"]);
    const all = await listDocumentTypes(worker, { all: "true" });
    expect(all.items).toHaveLength(12);
    expect(all.meta.last_page).toBe(1);
    expect(await documentTypeOptions(worker)).toHaveLength(12);
  });
});

describe("updateDocumentType", () => {
  it("replaces fields and links, logs before and after", async () => {
    const t = await createDocumentType(admin, { ...base, name: "ID", role_ids: [workerRole] });
    const u = await updateDocumentType(admin, t.id, {
      name: "ID card",
      is_required: false,
      has_expiry: false,
      warning_months: 0,
      skill_ids: [skillId],
    });
    expect(u).toMatchObject({
      name: "ID card",
      is_required: false,
      role_ids: [],
      skill_ids: [skillId],
      message: "Document type ID card edited",
    });
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, 'Edited document type "ID card"'));
    expect(log.properties).toMatchObject({
      old: { name: "ID", role_ids: [workerRole] },
      attributes: { name: "ID card", role_ids: [], skill_ids: [skillId] },
    });
  });

  it("404 for unknown and malformed ids, 403 without the permission", async () => {
    expect((await appErrorOf(updateDocumentType(admin, 999999, { name: "X" }))).status).toBe(404);
    expect((await appErrorOf(updateDocumentType(admin, "abc", { name: "X" }))).status).toBe(404);
    expect((await appErrorOf(getDocumentType(admin, "0"))).status).toBe(404);
    const t = await createDocumentType(admin, { name: "Visa" });
    expect((await appErrorOf(updateDocumentType(pm, t.id, { name: "X" }))).status).toBe(403);
  });
});

describe("deleteDocumentType", () => {
  it("removes an unused type", async () => {
    const t = await createDocumentType(admin, { name: "Visa" });
    expect(await deleteDocumentType(admin, t.id)).toEqual({
      id: t.id,
      archived: false,
      message: "Document type Visa deleted",
    });
    expect(await db.select().from(schema.documentTypes)).toHaveLength(0);
  });

  it("archives a type that documents use: hidden from lists, kept on the document", async () => {
    const t = await createDocumentType(admin, { name: "Visa" });
    await db.insert(schema.documents).values({
      userId: workerId,
      documentTypeId: t.id,
      fileName: "visa.pdf",
      storageKey: "documents/00000000-0000-0000-0000-000000000000.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
    });
    expect((await deleteDocumentType(admin, t.id)).archived).toBe(true);
    const [row] = await db.select().from(schema.documentTypes);
    expect(row.archivedAt).toEqual(now);
    expect((await listDocumentTypes(admin, {})).meta.total).toBe(0);
    expect((await appErrorOf(getDocumentType(admin, t.id))).status).toBe(404);
    expect((await appErrorOf(deleteDocumentType(admin, t.id))).status).toBe(404);
    // Creating the name again brings the archived type back.
    const again = await createDocumentType(admin, { name: "visa", has_expiry: true });
    expect(again).toMatchObject({ id: t.id, name: "visa", has_expiry: true, documents_count: 1 });
  });

  it("403 for a worker", async () => {
    const t = await createDocumentType(admin, { name: "Visa" });
    expect((await appErrorOf(deleteDocumentType(worker, t.id))).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { DOCUMENTS_LIST_FORBIDDEN, listDocuments, type OfficeDocumentView } from ".";

// GET documents without user_id, for each role: the office's list for whoever reviews documents,
// one's own for a worker, and a 403 about the permission (never a 404 about oneself) otherwise.

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
const ctx: Partial<Record<"admin" | "pm" | "handler" | "worker" | "client", Ctx>> = {};
let workerId: number;
let otherId: number;
let archivedId: number;
let passport: number;
let contract: number;
const ids: Record<string, number> = {};

async function doc(
  name: string,
  userId: number,
  typeId: number,
  status: "pending" | "approved" | "declined",
  minutes: number,
) {
  const [row] = await db
    .insert(schema.documents)
    .values({
      userId,
      documentTypeId: typeId,
      fileName: `${name}.pdf`,
      storageKey: `documents/00000000-0000-0000-0000-00000000000${minutes % 10}.pdf`,
      mimeType: "application/pdf",
      sizeBytes: 1,
      status,
      expiresOn: typeId === passport ? "2030-01-01" : null,
      createdAt: new Date(now.getTime() - (100 - minutes) * 60_000),
    })
    .returning({ id: schema.documents.id });
  ids[name] = row.id;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { company } = await createCountryAndCompany(db);
  const as = async (role: RoleTitle, extra: { companyId?: number; name?: string } = {}) => {
    const u = await createUser(db, { roles: [role], ...extra });
    return { id: u.id, ctx: await ctxFor(db, u.id, { now }) };
  };
  ctx.admin = (await as(ROLE.admin)).ctx;
  ctx.pm = (await as(ROLE.projectManager)).ctx;
  ctx.handler = (await as(ROLE.crewHandler)).ctx;
  ctx.client = (await as(ROLE.client, { companyId: company.id })).ctx;
  const worker = await as(ROLE.worker, { name: "Wanda Worker" });
  [workerId, ctx.worker] = [worker.id, worker.ctx];
  otherId = (await createUser(db, { roles: [ROLE.worker], name: "Otto Other" })).id;
  archivedId = (await createUser(db, { roles: [ROLE.worker], name: "Gone Person" })).id;
  const types = await db
    .insert(schema.documentTypes)
    .values([{ name: "Passport", hasExpiry: true }, { name: "Contract" }])
    .returning();
  [passport, contract] = types.map((t) => t.id);
  await doc("wanda-passport", workerId, passport, "approved", 1);
  await doc("wanda-contract", workerId, contract, "pending", 2);
  await doc("otto-passport", otherId, passport, "pending", 3);
  await doc("otto-contract", otherId, contract, "declined", 4);
  await doc("gone-contract", archivedId, contract, "pending", 5);
  await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, archivedId));
});
afterAll(async () => {
  await handle?.close();
});

const names = (items: { id: number }[]) =>
  items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

describe("GET documents without user_id", () => {
  it("a reviewer of documents (administrator, project manager, crew handler) gets every live user's, newest first, with the user", async () => {
    for (const role of ["admin", "pm", "handler"] as const) {
      const page = await listDocuments(ctx[role]!, {});
      expect(names(page.items), role).toEqual([
        "otto-contract",
        "otto-passport",
        "wanda-contract",
        "wanda-passport",
      ]);
      expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 4 });
    }
    const [first] = (await listDocuments(ctx.handler!, {})).items as OfficeDocumentView[];
    expect(first).toMatchObject({
      user_id: otherId,
      user: { id: otherId, name: "Otto Other" },
      document_type: { id: contract, name: "Contract" },
      status: "declined",
      version: 1,
      file_url: `/api/v2/documents/${ids["otto-contract"]}/file`,
    });
  });

  it("filters by status and type, and pages", async () => {
    const office = ctx.pm!;
    const by = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      listDocuments(office, { filter, ...extra });
    expect(names((await by({ status: "pending" })).items)).toEqual([
      "otto-passport",
      "wanda-contract",
    ]);
    expect(names((await by({ type: String(passport) })).items)).toEqual([
      "otto-passport",
      "wanda-passport",
    ]);
    expect(names((await by({ status: "pending", type: contract })).items)).toEqual([
      "wanda-contract",
    ]);
    const second = await by({}, { page: 2, perPage: 3 });
    expect(names(second.items)).toEqual(["wanda-passport"]);
    expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    for (const bad of [{ status: "lost" }, { type: "abc" }, { type: "-1" }])
      expect((await appErrorOf(by(bad))).status).toBe(422);
  });

  it("with user_id a reviewer gets that user's documents alone", async () => {
    const page = await listDocuments(ctx.handler!, { user_id: String(otherId) });
    expect(names(page.items)).toEqual(["otto-contract", "otto-passport"]);
  });

  it("a worker gets its own, never anyone else's", async () => {
    const page = await listDocuments(ctx.worker!, {});
    expect(names(page.items)).toEqual(["wanda-contract", "wanda-passport"]);
    expect(page.items.every((i) => !("user" in i))).toBe(true);
    expect(names((await listDocuments(ctx.worker!, { filter: { type: contract } })).items)).toEqual(
      ["wanda-contract"],
    );
    expect((await appErrorOf(listDocuments(ctx.worker!, { user_id: otherId }))).status).toBe(404);
  });

  it("a client contact gets 403 with what it would need, not a 404 about itself", async () => {
    const err = await appErrorOf(listDocuments(ctx.client!, {}));
    expect(err.status).toBe(403);
    expect(err.message).toBe(DOCUMENTS_LIST_FORBIDDEN);
    expect(err.message).not.toBe("User not found.");
    // Naming a worker stays the profile's answer: out of scope is a 404.
    expect((await appErrorOf(listDocuments(ctx.client!, { user_id: workerId }))).status).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { samplePdf, SAMPLE_PNG } from "@/seed/data/document-files";
import { roleId } from "@/seed/reference";
import { ROLE } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import type { Ctx } from "../context";

export const now = new Date("2026-05-04T10:00:00Z");
export let handle: DbHandle;
export let db: Db;
export let dir: string;
export let office: Ctx;
export let worker: Ctx;
export let workerId: number;
export let other: Ctx;
export let otherId: number;
export let client: Ctx;
export let passport: number;
export let contract: number;
export let firstAid: number;
export let skillId: number;

export const pdf = (name = "passport.pdf") =>
  new File([new Uint8Array(samplePdf("Passport"))], name);
export const png = (name = "scan.png") => new File([new Uint8Array(SAMPLE_PNG)], name);

export async function approved(
  userId: number,
  typeId: number,
  expiresOn: string | null,
  warned = false,
) {
  const [row] = await db
    .insert(schema.documents)
    .values({
      userId,
      documentTypeId: typeId,
      fileName: "x.pdf",
      storageKey: "documents/00000000-0000-0000-0000-000000000000.pdf",
      mimeType: "application/pdf",
      sizeBytes: 1,
      status: "approved",
      expiresOn,
      expiryWarnedAt: warned ? now : null,
    })
    .returning();
  return row;
}

export const keyOf = async (id: number) =>
  (
    await db
      .select({ k: schema.documents.storageKey })
      .from(schema.documents)
      .where(eq(schema.documents.id, id))
  )[0]?.k;

/** The shared world of these files: call once at the top of each test file. */
export function setupDocumentsWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    dir = await mkdtemp(path.join(tmpdir(), "crewdeck-documents-"));
    setFileStore(localStore(dir));
    const { company } = await createCountryAndCompany(db);
    const ctxOf = async (role: (typeof ROLE)[keyof typeof ROLE], companyId?: number) => {
      const u = await createUser(db, { roles: [role], companyId });
      return { id: u.id, ctx: await ctxFor(db, u.id, { now }) };
    };
    office = (await ctxOf(ROLE.crewHandler)).ctx;
    ({ id: workerId, ctx: worker } = await ctxOf(ROLE.worker));
    ({ id: otherId, ctx: other } = await ctxOf(ROLE.worker));
    client = (await ctxOf(ROLE.client, company.id)).ctx;
    const [skill] = await db.insert(schema.skills).values({ name: "First aider" }).returning();
    skillId = skill.id;
    const types = await db
      .insert(schema.documentTypes)
      .values([
        { name: "Passport", isRequired: true, hasExpiry: true, warningMonths: 1 },
        { name: "Contract", isRequired: true, hasExpiry: false },
        { name: "First-aid certificate", hasExpiry: true, warningMonths: 2 },
      ])
      .returning();
    [passport, contract, firstAid] = types.map((t) => t.id);
    await db
      .insert(schema.documentTypeRoles)
      .values({ documentTypeId: contract, roleId: await roleId(db, ROLE.worker) });
    await db.insert(schema.documentTypeSkills).values({ documentTypeId: firstAid, skillId });
  });
  afterAll(async () => {
    setFileStore(undefined);
    await rm(dir, { recursive: true, force: true });
    await handle?.close();
  });
  beforeEach(async () => {
    await db.delete(schema.documents);
    await db.delete(schema.mailOutbox);
  });
}

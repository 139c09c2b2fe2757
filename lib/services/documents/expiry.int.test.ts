import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import { ROLE } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { makeCtx, systemActor, withTx, type Ctx } from "../context";
import { expiringDocumentsSummary, sweepExpiryWarnings } from "./expiry";
import { missingDocumentsForSkill } from "./skill-documents";
import { bookableUsers } from "../applications/bookable";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let dir: string;
let office: Ctx;
let worker: Ctx;
let workerId: number;
let otherId: number;
let client: Ctx;
let passport: number;
let contract: number;
let firstAid: number;
let skillId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-documents-expiry-"));
  setFileStore(localStore(dir));
  const { company } = await createCountryAndCompany(db);
  const ctxOf = async (role: (typeof ROLE)[keyof typeof ROLE], companyId?: number) => {
    const u = await createUser(db, { roles: [role], companyId });
    return { id: u.id, ctx: await ctxFor(db, u.id, { now }) };
  };
  office = (await ctxOf(ROLE.crewHandler)).ctx;
  ({ id: workerId, ctx: worker } = await ctxOf(ROLE.worker));
  otherId = (await ctxOf(ROLE.worker)).id;
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

async function approved(userId: number, typeId: number, expiresOn: string | null, warned = false) {
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

describe("sweepExpiryWarnings", () => {
  const sweep = (at = now) =>
    withTx(makeCtx(db, systemActor("test"), { now: at }), (ctx) => sweepExpiryWarnings(ctx));

  it("mails once per document entering its warning period, and marks it", async () => {
    const soon = await approved(workerId, passport, "2026-06-03"); // warned from 2026-05-03
    await approved(workerId, firstAid, "2026-09-01"); // warned from 2026-07-01: not yet
    await approved(otherId, passport, "2026-05-01"); // already expired
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const mails = await db.select().from(schema.mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "document_expiring",
      subject: "Your Passport expires on 03/06/2026",
    });
    const [row] = await db.select().from(schema.documents).where(eq(schema.documents.id, soon.id));
    expect(row.expiryWarnedAt).toEqual(now);
  });

  it("mails 30 days ahead even when the type's warning period is shorter; once per document and date; not when turned off", async () => {
    const [short] = await db
      .insert(schema.documentTypes)
      .values({ name: "Work permit", hasExpiry: true, warningMonths: 0 })
      .returning();
    await approved(workerId, short.id, "2026-06-03"); // 30 days ahead: due
    await approved(workerId, short.id, "2026-06-04"); // 31 days: the latest replaces the first
    expect(await sweep()).toBe(0);
    expect(await sweep(new Date("2026-05-05T10:00:00Z"))).toBe(1);
    const [mail] = await db.select().from(schema.mailOutbox);
    expect(mail).toMatchObject({
      userId: workerId,
      category: "document_expiry",
      subject: "Your Work permit expires on 04/06/2026",
    });
    expect(mail.html).toContain("Work permit");
    await db
      .update(schema.users)
      .set({ notificationPrefs: { document_expiry: false } })
      .where(eq(schema.users.id, otherId));
    await approved(otherId, passport, "2026-06-01");
    expect(await sweep()).toBe(1); // marked, not mailed
    expect(await db.select().from(schema.mailOutbox)).toHaveLength(1);
    await db
      .update(schema.users)
      .set({ notificationPrefs: {} })
      .where(eq(schema.users.id, otherId));
  });

  it("skips a document a renewal replaced", async () => {
    await approved(workerId, passport, "2026-05-20");
    await approved(workerId, passport, "2031-05-20");
    expect(await sweep()).toBe(0);
  });
});

describe("expiringDocumentsSummary", () => {
  it("counts documents in their warning period for the office, soonest first; null for a client", async () => {
    await approved(workerId, passport, "2026-05-30");
    await approved(otherId, passport, "2026-05-10");
    await approved(otherId, contract, null);
    const s = await expiringDocumentsSummary(office);
    expect(s?.total).toBe(2);
    expect(s?.items.map((i) => [i.userId, i.daysLeft])).toEqual([
      [otherId, 6],
      [workerId, 26],
    ]);
    expect(await expiringDocumentsSummary(client)).toBeNull();
    expect(await expiringDocumentsSummary(worker)).toBeNull();
  });
});

describe("missingDocumentsForSkill", () => {
  it("names the types a skill needs that each worker lacks a valid one of", async () => {
    await approved(otherId, firstAid, "2030-01-01");
    await approved(workerId, firstAid, "2026-01-01"); // expired: still missing
    const m = await missingDocumentsForSkill(db, [workerId, otherId], skillId, "2026-05-04");
    expect(m.get(workerId)).toEqual([{ id: firstAid, name: "First-aid certificate" }]);
    expect(m.get(otherId)).toBeUndefined();
    expect((await missingDocumentsForSkill(db, [workerId], undefined, "2026-05-04")).size).toBe(0);
  });

  it("the Book dialog's worker search carries the warning, one query for the page", async () => {
    await approved(otherId, firstAid, "2030-01-01");
    const page = await bookableUsers(office, { prefer_skill: skillId, perPage: 100 });
    expect(page.items.find((i) => i.id === workerId)?.missing_documents).toEqual([
      { id: firstAid, name: "First-aid certificate" },
    ]);
    expect(page.items.find((i) => i.id === otherId)?.missing_documents).toEqual([]);
  });
});

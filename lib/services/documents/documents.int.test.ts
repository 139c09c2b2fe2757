import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { samplePdf, SAMPLE_PNG } from "@/seed/data/document-files";
import { roleId } from "@/seed/reference";
import { ROLE } from "@/lib/domain/permissions";
import { getFile, localStore, setFileStore } from "@/lib/files/storage";
import { storeWithFailingDeletes, storedKeys } from "@/lib/testing/file-store";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import {
  deleteDocument,
  documentsOverview,
  getDocument,
  listDocuments,
  readDocumentFile,
  updateDocument,
  uploadDocument,
} from ".";

const now = new Date("2026-05-04T10:00:00Z");
let handle: DbHandle;
let db: Db;
let dir: string;
let office: Ctx;
let worker: Ctx;
let workerId: number;
let other: Ctx;
let otherId: number;
let client: Ctx;
let passport: number;
let contract: number;
let firstAid: number;
let skillId: number;

const pdf = (name = "passport.pdf") => new File([new Uint8Array(samplePdf("Passport"))], name);
const png = (name = "scan.png") => new File([new Uint8Array(SAMPLE_PNG)], name);

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

const keyOf = async (id: number) =>
  (
    await db
      .select({ k: schema.documents.storageKey })
      .from(schema.documents)
      .where(eq(schema.documents.id, id))
  )[0]?.k;

describe("uploadDocument", () => {
  it("stores the file under a generated key, pending, logged, with the original name", async () => {
    const doc = await uploadDocument(worker, {
      document_type_id: String(passport),
      expires_on: "2030-01-31",
      file: pdf("My passport.pdf"),
    });
    expect(doc).toMatchObject({
      user_id: workerId,
      document_type: { id: passport, name: "Passport", has_expiry: true },
      file_name: "My passport.pdf",
      mime_type: "application/pdf",
      status: "pending",
      badge: "pending",
      expires_on: "2030-01-31",
      message: "Passport uploaded",
      file_url: `/api/v2/documents/${doc.id}/file`,
    });
    const key = await keyOf(doc.id);
    expect(key).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect((await getFile(key!))?.body.subarray(0, 5).toString()).toBe("%PDF-");
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.logName, "documents"), eq(schema.activityLog.subjectId, doc.id)),
      );
    expect(log).toMatchObject({ subjectType: "documents", description: "Uploaded Passport" });
  });

  it("ignores a date for a type without expiry; the office uploads for a worker", async () => {
    const doc = await uploadDocument(office, {
      document_type_id: contract,
      user_id: String(workerId),
      expires_on: "2030-01-01",
      file: png(),
    });
    expect(doc).toMatchObject({ user_id: workerId, expires_on: null, mime_type: "image/png" });
  });

  it("422 for a missing or past date, bad type, bad or missing file; nothing stored", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { document_type_id: passport, file: pdf() },
        "expires_on",
        "The expiry date field is required.",
      ],
      [
        { document_type_id: passport, expires_on: "2026-05-03", file: pdf() },
        "expires_on",
        "The expiry date must be today or a later date.",
      ],
      [
        { document_type_id: passport, expires_on: "2026-02-30", file: pdf() },
        "expires_on",
        "The expiry date is not a valid date.",
      ],
      [
        { document_type_id: 999999, file: pdf() },
        "document_type_id",
        "The selected document type is invalid.",
      ],
      [{ file: pdf() }, "document_type_id", "The document type field is required."],
      [
        { document_type_id: contract, file: new File(["hello"], "a.pdf") },
        "file",
        "The file must be a PDF or an image (JPEG, PNG or WebP).",
      ],
      [{ document_type_id: contract }, "file", "The file field is required."],
    ];
    for (const [input, field, message] of cases) {
      const err = await appErrorOf(uploadDocument(worker, input));
      expect(err.status).toBe(422);
      expect(err.errors?.[field]).toEqual([message]);
    }
    expect(await db.select().from(schema.documents)).toHaveLength(0);
  });

  it("a commit that fails after the file was stored leaves no file behind", async () => {
    const kept = await uploadDocument(worker, {
      document_type_id: passport,
      expires_on: "2030-01-31",
      file: pdf(),
    });
    const keys = await storedKeys(dir, "documents");
    expect(keys).toContain(await keyOf(kept.id));
    // Both are refused inside the transaction, after the bytes went to the store: an archived
    // type on upload, a past date with a new file on replace.
    const [retired] = await db
      .insert(schema.documentTypes)
      .values({ name: "Retired permit", archivedAt: now })
      .returning();
    const upload = await appErrorOf(
      uploadDocument(worker, { document_type_id: retired.id, file: pdf() }),
    );
    expect(upload.errors?.document_type_id).toEqual(["The selected document type is invalid."]);
    const replace = await appErrorOf(
      updateDocument(worker, kept.id, { file: png(), expires_on: "2026-05-03" }),
    );
    expect(replace.errors?.expires_on).toEqual(["The expiry date must be today or a later date."]);
    expect(await storedKeys(dir, "documents")).toEqual(keys);
    expect(await getDocument(worker, kept.id)).toMatchObject({
      file_name: "passport.pdf",
      version: 1,
    });
  });

  it("accepts today's date (valid through its expiry day)", async () => {
    const doc = await uploadDocument(worker, {
      document_type_id: passport,
      expires_on: "2026-05-04",
      file: pdf(),
    });
    expect(doc.days_left).toBe(0);
  });

  it("an archived type is refused", async () => {
    const [t] = await db
      .insert(schema.documentTypes)
      .values({ name: "Old permit", archivedAt: now })
      .returning();
    const err = await appErrorOf(uploadDocument(worker, { document_type_id: t.id, file: pdf() }));
    expect(err.errors?.document_type_id).toEqual(["The selected document type is invalid."]);
  });

  it("another worker and a client contact cannot upload for a worker (404)", async () => {
    for (const ctx of [other, client]) {
      const err = await appErrorOf(
        uploadDocument(ctx, { document_type_id: contract, user_id: workerId, file: pdf() }),
      );
      expect(err.status).toBe(404);
    }
  });
});

describe("listDocuments and getDocument", () => {
  it("a worker reads its own; the office anyone's; others 404", async () => {
    const mine = await approved(workerId, passport, "2030-01-01");
    await approved(otherId, passport, "2030-01-01");
    const own = await listDocuments(worker, {});
    expect(own.items.map((d) => d.id)).toEqual([mine.id]);
    expect(own.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 });
    expect((await listDocuments(office, { user_id: workerId })).items).toHaveLength(1);
    expect((await appErrorOf(listDocuments(other, { user_id: workerId }))).status).toBe(404);
    expect((await appErrorOf(listDocuments(client, { user_id: workerId }))).status).toBe(404);
    // Without user_id the answer is about what a client contact may do, not about itself.
    expect((await appErrorOf(listDocuments(client, {}))).status).toBe(403);
    expect((await getDocument(office, mine.id)).id).toBe(mine.id);
    for (const [ctx, id] of [
      [other, mine.id],
      [client, mine.id],
      [worker, "abc"],
      [worker, 999999],
      [worker, "99999999999"],
    ] as const) {
      const err = await appErrorOf(getDocument(ctx, id));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Document not found.");
    }
  });

  it("filters by state, time included", async () => {
    await approved(workerId, passport, "2026-05-20"); // expiring
    await approved(workerId, firstAid, "2026-04-01"); // expired
    await approved(workerId, contract, null); // approved
    const by = async (status: string) =>
      (await listDocuments(worker, { filter: { status } })).items.map((d) => d.badge);
    expect(await by("expiring")).toEqual(["expiring"]);
    expect(await by("expired")).toEqual(["expired"]);
    expect((await by("approved")).sort()).toEqual(["approved", "expiring"]);
    expect(await by("pending")).toEqual([]);
    expect((await appErrorOf(listDocuments(worker, { filter: { status: "lost" } }))).status).toBe(
      422,
    );
  });
});

describe("updateDocument", () => {
  it("a new date sends it back to pending, clears the decline reason and the warned mark", async () => {
    const doc = await approved(workerId, passport, "2026-05-20", true);
    await db
      .update(schema.documents)
      .set({ status: "declined", declineReason: "Blurry" })
      .where(eq(schema.documents.id, doc.id));
    const u = await updateDocument(worker, doc.id, { expires_on: "2031-05-20" });
    expect(u).toMatchObject({
      status: "pending",
      expires_on: "2031-05-20",
      decline_reason: null,
      message: "Passport updated",
    });
    const [row] = await db.select().from(schema.documents).where(eq(schema.documents.id, doc.id));
    expect(row.expiryWarnedAt).toBeNull();
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, "Changed the expiry date of Passport"));
    expect(log.properties).toMatchObject({
      old: { status: "declined", expires_on: "2026-05-20" },
      attributes: { status: "pending", expires_on: "2031-05-20" },
    });
  });

  it("replacing the file removes the old one after the commit", async () => {
    const doc = await uploadDocument(worker, { document_type_id: contract, file: pdf("a.pdf") });
    const oldKey = (await keyOf(doc.id))!;
    const u = await updateDocument(worker, doc.id, { file: png("b.png") });
    expect(u).toMatchObject({ file_name: "b.png", mime_type: "image/png", status: "pending" });
    expect(await getFile(oldKey)).toBeNull();
    expect(await getFile((await keyOf(doc.id))!)).not.toBeNull();
  });

  it("each new file or expiry date is a new version; a refused change is not", async () => {
    const doc = await uploadDocument(worker, {
      document_type_id: passport,
      expires_on: "2030-01-31",
      file: pdf(),
    });
    expect(doc.version).toBe(1);
    expect((await updateDocument(worker, doc.id, { file: png() })).version).toBe(2);
    expect((await updateDocument(office, doc.id, { expires_on: "2031-01-31" })).version).toBe(3);
    await appErrorOf(updateDocument(worker, doc.id, { expires_on: "2020-01-01" }));
    expect((await getDocument(worker, doc.id)).version).toBe(3);
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectId, doc.id),
          eq(schema.activityLog.description, "Changed the expiry date of Passport"),
        ),
      );
    expect(log.properties).toMatchObject({ old: { version: 2 }, attributes: { version: 3 } });
  });

  it("after the commit, a failed removal of the old file and a changed world: the answer stands and the new file is there", async () => {
    const doc = await uploadDocument(worker, { document_type_id: contract, file: pdf("a.pdf") });
    const oldKey = (await keyOf(doc.id))!;
    const archived = (deletedAt: Date | null) =>
      db.update(schema.users).set({ deletedAt }).where(eq(schema.users.id, workerId));
    // Right after the commit the owner is archived by someone else (a read of the document now
    // would be a 404), and the store refuses to remove the old file.
    const failing = storeWithFailingDeletes(localStore(dir), () => archived(now));
    setFileStore(failing);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const u = await updateDocument(worker, doc.id, { file: png("b.png") });
      expect(u).toMatchObject({
        id: doc.id,
        file_name: "b.png",
        mime_type: "image/png",
        status: "pending",
        version: 2,
        message: "Contract updated",
      });
      expect(failing.deleteCalls).toEqual([oldKey]);
      expect(logged).toHaveBeenCalledWith(`[files] could not remove ${oldKey}`, expect.any(Error));
    } finally {
      setFileStore(localStore(dir));
      logged.mockRestore();
      await archived(null);
    }
    const newKey = (await keyOf(doc.id))!;
    expect(newKey).not.toBe(oldKey);
    const f = await readDocumentFile(worker, doc.id);
    expect(f.body.equals(SAMPLE_PNG)).toBe(true);
    // The old one stays behind as an orphan, named in the log, rather than break the row.
    expect(await getFile(oldKey)).not.toBeNull();
  });

  it("422 with nothing to change or a past date; 404 for another worker", async () => {
    const doc = await approved(workerId, passport, "2030-01-01");
    expect((await appErrorOf(updateDocument(worker, doc.id, {}))).status).toBe(422);
    const past = await appErrorOf(updateDocument(worker, doc.id, { expires_on: "2020-01-01" }));
    expect(past.errors?.expires_on).toEqual(["The expiry date must be today or a later date."]);
    expect(
      (await appErrorOf(updateDocument(other, doc.id, { expires_on: "2031-01-01" }))).status,
    ).toBe(404);
  });
});

describe("deleteDocument", () => {
  it("the owner deletes a pending one and its file goes", async () => {
    const doc = await uploadDocument(worker, { document_type_id: contract, file: pdf() });
    const key = (await keyOf(doc.id))!;
    expect(await deleteDocument(worker, doc.id)).toEqual({
      id: doc.id,
      message: "Contract deleted",
    });
    expect(await getFile(key)).toBeNull();
    expect(await db.select().from(schema.documents)).toHaveLength(0);
  });

  it("the owner cannot delete an approved one (403), the office can; others 404", async () => {
    const doc = await approved(workerId, contract, null);
    expect((await appErrorOf(deleteDocument(worker, doc.id))).status).toBe(403);
    expect((await appErrorOf(deleteDocument(other, doc.id))).status).toBe(404);
    expect((await appErrorOf(deleteDocument(client, doc.id))).status).toBe(404);
    await deleteDocument(office, doc.id);
    expect(await db.select().from(schema.documents)).toHaveLength(0);
  });
});

describe("readDocumentFile", () => {
  it("the owner and the office get the bytes and the name; others 404", async () => {
    const doc = await uploadDocument(worker, { document_type_id: contract, file: png("ID.png") });
    for (const ctx of [worker, office]) {
      const f = await readDocumentFile(ctx, doc.id);
      expect(f).toMatchObject({ fileName: "ID.png", contentType: "image/png" });
      expect(f.body.equals(SAMPLE_PNG)).toBe(true);
    }
    for (const ctx of [other, client])
      expect((await appErrorOf(readDocumentFile(ctx, doc.id))).status).toBe(404);
  });
});

describe("documentsOverview", () => {
  it("lists missing required types and counts what needs attention", async () => {
    await approved(workerId, passport, "2026-05-20");
    const o = await documentsOverview(worker, workerId);
    expect(o.missing.map((m) => m.name)).toEqual(["Contract"]);
    expect(o).toMatchObject({ self: true, expiring: 1, expired: 0 });
    // A renewal makes the old one stop counting.
    await approved(workerId, passport, "2031-05-20");
    expect((await documentsOverview(office, workerId)).expiring).toBe(0);
    expect((await appErrorOf(documentsOverview(other, workerId))).status).toBe(404);
  });
});

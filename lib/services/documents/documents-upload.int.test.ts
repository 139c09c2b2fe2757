import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { SAMPLE_PNG } from "@/seed/data/document-files";
import { getFile } from "@/lib/files/storage";
import { storedKeys } from "@/lib/testing/file-store";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  documentsOverview,
  getDocument,
  listDocuments,
  readDocumentFile,
  updateDocument,
  uploadDocument,
} from ".";
import {
  now,
  db,
  dir,
  office,
  worker,
  workerId,
  other,
  otherId,
  client,
  passport,
  contract,
  firstAid,
  pdf,
  png,
  approved,
  keyOf,
  setupDocumentsWorld,
} from "./documents.test-support";

setupDocumentsWorld();

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

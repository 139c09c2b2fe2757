import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { getFile } from "@/lib/files/storage";
import { storedKeys } from "@/lib/testing/file-store";
import { appErrorOf } from "@/lib/testing/app-error";
import { getDocument, updateDocument, uploadDocument } from ".";
import {
  now,
  db,
  dir,
  office,
  worker,
  workerId,
  other,
  client,
  passport,
  contract,
  pdf,
  png,
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

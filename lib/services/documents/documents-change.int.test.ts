import { describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { SAMPLE_PNG } from "@/seed/data/document-files";
import { getFile, localStore, setFileStore } from "@/lib/files/storage";
import { storeWithFailingDeletes } from "@/lib/testing/file-store";
import { appErrorOf } from "@/lib/testing/app-error";
import { deleteDocument, getDocument, readDocumentFile, updateDocument, uploadDocument } from ".";
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
  approved,
  keyOf,
  setupDocumentsWorld,
} from "./documents.test-support";

setupDocumentsWorld();

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

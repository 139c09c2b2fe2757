import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { samplePdf } from "@/seed/data/document-files";
import { ROLE } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { testDatabase } from "@/lib/testing/db";
import { storedKeys } from "@/lib/testing/file-store";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { uploadDocument } from ".";

// An upload decides who may upload for whom under the owner's row lock (worker first, DESIGN
// §9). On PostgreSQL the owner is archived by another connection while the upload runs: the
// upload waits for that lock, re-reads, and refuses, rather than file a document on an archived
// user. (PGlite runs one transaction at a time, so there the archive simply comes first.)

let handle: DbHandle;
let db: Db;
let dir: string;
let typeId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-upload-lock-"));
  setFileStore(localStore(dir));
  const [type] = await db.insert(schema.documentTypes).values({ name: "Contract" }).returning();
  typeId = type.id;
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

describe("uploadDocument under the owner's lock", () => {
  it("an owner archived while the office uploads for it: 404, no row, no file", async () => {
    const office = await ctxFor(db, (await createUser(db, { roles: [ROLE.crewHandler] })).id);
    const owner = (await createUser(db, { roles: [ROLE.worker] })).id;
    let archiving!: () => void;
    const archived = new Promise<void>((resolve) => (archiving = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Another connection archives the owner and holds its row until the upload is under way.
    const archive = db.transaction(async (tx) => {
      await tx
        .update(schema.users)
        .set({ deletedAt: new Date() })
        .where(eq(schema.users.id, owner));
      archiving();
      await held;
    });
    await archived;
    const upload = uploadDocument(office, {
      document_type_id: typeId,
      user_id: owner,
      file: new File([new Uint8Array(samplePdf("Contract"))], "contract.pdf"),
    }).finally(() => release());
    // Let the upload read the owner (still live to it) and reach the lock; then commit.
    setTimeout(release, 500);
    const [err] = await Promise.all([appErrorOf(upload), archive]);
    expect(err.status).toBe(404);
    expect(err.message).toBe("User not found.");
    expect(
      await db.select().from(schema.documents).where(eq(schema.documents.userId, owner)),
    ).toHaveLength(0);
    expect(await storedKeys(dir, "documents")).toEqual([]);
  });
});

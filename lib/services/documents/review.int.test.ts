import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { SAMPLE_PNG } from "@/seed/data/document-files";
import { newFileKey } from "@/lib/files/keys";
import { localStore, setFileStore } from "@/lib/files/storage";
import { updateDocument } from ".";
import { DOCUMENT_REVIEWED, STALE_DOCUMENT, reviewDocument } from "./review";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let typeId: number;
let owner: { id: number; email: string };
let dir: string;

const now = new Date("2026-11-22T12:00:00Z");
const as = (userId: number) => ctxFor(db, userId, { now });

async function pending(): Promise<number> {
  const [row] = await db
    .insert(schema.documents)
    .values({
      userId: owner.id,
      documentTypeId: typeId,
      fileName: "permit.pdf",
      storageKey: newFileKey("documents", "pdf"),
      mimeType: "application/pdf",
      sizeBytes: 2048,
      expiresOn: "2027-06-30",
    })
    .returning({ id: schema.documents.id });
  return row.id;
}
const rowOf = async (id: number) =>
  (await db.select().from(schema.documents).where(eq(schema.documents.id, id)))[0];
const logOf = (id: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.subjectType, "documents"), eq(schema.activityLog.subjectId, id)),
    );
const mailsTo = (to: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.template, "document_declined")));

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-review-"));
  setFileStore(localStore(dir));
  w = await createJobWorld(db);
  const [type] = await db
    .insert(schema.documentTypes)
    .values({ name: "Work permit", hasExpiry: true })
    .returning();
  typeId = type.id;
  owner = await createUser(db, { name: "Dora Docs", roles: [ROLE.worker] });
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

describe("reviewDocument", () => {
  it("approves a pending document: reviewer, time, activity; no e-mail", async () => {
    const id = await pending();
    const res = await reviewDocument(await as(w.crewHandler), String(id), { status: "approved" });
    expect(res).toMatchObject({
      id,
      status: "approved",
      decline_reason: null,
      message: "Document approved or declined successfully",
      reviewed_by: { id: w.crewHandler, name: "Carl Crew" },
    });
    expect(DOCUMENT_REVIEWED).toBe("Document approved or declined successfully");
    expect(await rowOf(id)).toMatchObject({
      status: "approved",
      reviewedById: w.crewHandler,
      reviewedAt: now,
      declineReason: null,
    });
    const [log] = await logOf(id);
    expect(log).toMatchObject({ logName: "documents", causerId: w.crewHandler });
    expect(log.properties).toMatchObject({ from: "pending", to: "approved", reason: null });
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it("declines with a reason the user reads, and e-mails it", async () => {
    const id = await pending();
    const reason = "  The photo page is cut off; please upload the whole page.  ";
    const res = await reviewDocument(await as(w.pm), id, { status: "declined", reason });
    expect(res.decline_reason).toBe(reason.trim());
    expect(await rowOf(id)).toMatchObject({
      status: "declined",
      declineReason: reason.trim(),
      reviewedById: w.pm,
    });
    const [log] = await logOf(id);
    expect(log.properties).toMatchObject({
      from: "pending",
      to: "declined",
      reason: reason.trim(),
    });
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toContain("Work permit");
    expect(mail.text).toContain(`Reason: ${reason.trim()}`);
  });

  it("needs a reason to decline (≤ 2,000 characters) and a known status: 422, nothing written", async () => {
    const id = await pending();
    const ctx = await as(w.pm);
    const none = await appErrorOf(reviewDocument(ctx, id, { status: "declined", reason: "  " }));
    expect(none.status).toBe(422);
    expect(none.errors).toEqual({ reason: ["A reason is required to decline a document."] });
    const long = await appErrorOf(
      reviewDocument(ctx, id, { status: "declined", reason: "x".repeat(2001) }),
    );
    expect(long.status).toBe(422);
    expect(long.errors?.reason).toEqual(["The reason may be at most 2,000 characters."]);
    for (const body of [{}, { status: "maybe" }, { status: ["approved"] }, null])
      expect((await appErrorOf(reviewDocument(ctx, id, body))).status).toBe(422);
    expect((await rowOf(id)).status).toBe("pending");
    expect(await logOf(id)).toHaveLength(0);
  });

  it("answers 404 for a bad or unknown id", async () => {
    const ctx = await as(w.pm);
    for (const bad of ["abc", "0", "-3", "99999999999", 999999]) {
      const err = await appErrorOf(reviewDocument(ctx, bad, { status: "approved" }));
      expect(err.status).toBe(404);
      expect(err.message).toBe("Document not found.");
    }
  });

  it("answers 409 for a document no longer pending, also for two reviewers at once", async () => {
    const id = await pending();
    const [pm, ch] = [await as(w.pm), await as(w.crewHandler)];
    const results = await Promise.allSettled([
      reviewDocument(pm, id, { status: "approved" }),
      reviewDocument(ch, id, { status: "declined", reason: "Blurred" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.status).toBe(409);
    expect(await logOf(id)).toHaveLength(1);
    const again = await appErrorOf(reviewDocument(pm, id, { status: "approved" }));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/^Only a pending document can be approved or declined/);
  });

  it("refuses a worker, the document's owner and a client contact (403)", async () => {
    const id = await pending();
    for (const user of [w.worker, owner.id, w.colA]) {
      const err = await appErrorOf(reviewDocument(await as(user), id, { status: "approved" }));
      expect(err.status).toBe(403);
    }
    expect((await rowOf(id)).status).toBe("pending");
  });
});

describe("reviewDocument names the version it showed", () => {
  const ownerCtx = () => as(owner.id);

  it("the current version is decided, and the answer names it", async () => {
    const id = await pending();
    const res = await reviewDocument(await as(w.pm), id, { status: "approved", version: 1 });
    expect(res).toMatchObject({ id, version: 1, status: "approved" });
    const [log] = await logOf(id);
    expect(log.properties).toMatchObject({ to: "approved", version: 1 });
  });

  it("after the owner replaces the file, the old version is a 409 and the document keeps its state", async () => {
    const id = await pending();
    const replaced = await updateDocument(await ownerCtx(), id, {
      file: new File([new Uint8Array(SAMPLE_PNG)], "permit-page-2.png"),
    });
    expect(replaced.version).toBe(2);
    const before = await rowOf(id);
    const mailed = (await mailsTo(owner.email)).length;
    const pm = await as(w.pm);
    const err = await appErrorOf(
      reviewDocument(pm, id, { status: "declined", reason: "Cut off", version: 1 }),
    );
    expect(err).toMatchObject({ status: 409, type: "stale_document", message: STALE_DOCUMENT });
    expect(STALE_DOCUMENT).toBe("This document was replaced; look at it again");
    expect(await rowOf(id)).toEqual(before);
    expect((await logOf(id)).filter((l) => l.description.startsWith("Declined"))).toHaveLength(0);
    expect(await mailsTo(owner.email)).toHaveLength(mailed);
    // Looked at again: the version shown now is decided.
    const ok = await reviewDocument(pm, id, { status: "approved", version: "2" });
    expect(ok).toMatchObject({ version: 2, status: "approved" });
  });

  it("a new expiry date is a new version too, also once the document was decided", async () => {
    const id = await pending();
    const pm = await as(w.pm);
    await reviewDocument(pm, id, { status: "approved", version: 1 });
    await updateDocument(await ownerCtx(), id, { expires_on: "2028-06-30" });
    const err = await appErrorOf(reviewDocument(pm, id, { status: "approved", version: 1 }));
    expect(err.type).toBe("stale_document");
    expect(await rowOf(id)).toMatchObject({ status: "pending", version: 2, reviewedAt: null });
    // A caller of the original contract (no version) decides what is pending now.
    expect(
      await reviewDocument(pm, id, { status: "declined", reason: "Wrong year" }),
    ).toMatchObject({ version: 2, status: "declined" });
  });

  it("a version that is not a whole positive number is a 422, nothing written", async () => {
    const id = await pending();
    const pm = await as(w.pm);
    for (const version of ["abc", 0, -1, 1.5, true, [1], "1e0", 2 ** 31])
      expect(
        (await appErrorOf(reviewDocument(pm, id, { status: "approved", version }))).errors?.version,
        String(version),
      ).toBeDefined();
    expect((await rowOf(id)).status).toBe("pending");
  });

  it("two reviewers naming the same version at once: one decides, the other 409", async () => {
    const id = await pending();
    const [pm, ch] = [await as(w.pm), await as(w.crewHandler)];
    const results = await Promise.allSettled([
      reviewDocument(pm, id, { status: "approved", version: 1 }),
      reviewDocument(ch, id, { status: "declined", reason: "Blurred", version: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, type: "document_not_pending" });
    expect(await logOf(id)).toHaveLength(1);
  });

  it("a review racing the owner's new expiry date never decides the new version unseen", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await pending();
      const [review, update] = await Promise.allSettled([
        reviewDocument(await as(w.pm), id, { status: "approved", version: 1 }),
        updateDocument(await ownerCtx(), id, { expires_on: "2029-01-31" }),
      ]);
      expect(update.status).toBe("fulfilled");
      // Either the review came first (and the new date sent it back to pending), or it met
      // the new version and changed nothing: pending, version 2, undecided, in both cases.
      if (review.status === "rejected") expect(review.reason.type).toBe("stale_document");
      expect(await rowOf(id)).toMatchObject({
        status: "pending",
        version: 2,
        reviewedAt: null,
        expiresOn: "2029-01-31",
      });
    }
  });
});

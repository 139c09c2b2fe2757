import { describe, expect, it } from "vitest";
import { SAMPLE_PNG } from "@/seed/data/document-files";
import { appErrorOf } from "@/lib/testing/app-error";
import { documentsOverview, getDocument, listDocuments, readDocumentFile, uploadDocument } from ".";
import {
  office,
  worker,
  workerId,
  other,
  otherId,
  client,
  passport,
  contract,
  firstAid,
  png,
  approved,
  setupDocumentsWorld,
} from "./documents.test-support";

setupDocumentsWorld();

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

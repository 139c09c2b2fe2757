import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { fromLocal } from "@/lib/domain/time";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { reportHours } from "@/lib/services/hours";
import { listApprovals } from "@/lib/services/hours/list";
import { reviewDocument } from "@/lib/services/documents/review";
import { approveVenue } from "@/lib/services/venues";
import { approvalCounts, listApprovalInbox, type PendingDocumentRow } from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let typeId: number;
let docs: number[];
let venues: number[];

const now = new Date("2026-11-22T12:00:00Z");
const as = (userId: number) => ctxFor(db, userId, { now });
const at = (day: number, hour: number) =>
  fromLocal({ year: 2026, month: 11, day, hour, minute: 0 }, "Europe/Copenhagen");

/** A finished shift of `companyId` with `n` workers whose hours are reported (awaiting). */
async function reported(companyId: number, n: number) {
  const j = await insertJob(db, {
    name: `Job ${companyId}`,
    companyId,
    countryId: w.countryId,
    shifts: [
      { startsAt: at(10, 18), endsAt: at(10, 22), slots: [{ skillId: w.skill, positions: n }] },
    ],
  });
  for (let i = 0; i < n; i++) {
    const worker = (await createUser(db, { roles: [ROLE.worker] })).id;
    const app = await applyOn(db, j.shifts[0].slots[0].id, worker, "Report!");
    await reportHours(await as(w.pm), { application_id: app, start: "18:00", end: "22:00" });
  }
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  await reported(w.companyA, 2);
  await reported(w.companyB, 1);
  const [type] = await db
    .insert(schema.documentTypes)
    .values({ name: "Passport", hasExpiry: true, warningMonths: 2 })
    .returning();
  typeId = type.id;
  const owner = await createUser(db, { name: "Olga Owner", roles: [ROLE.worker] });
  const gone = await createUser(db, { name: "Gone Owner", roles: [ROLE.worker] });
  await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone.id));
  const row = (userId: number, day: number, expiresOn: string | null) => ({
    userId,
    documentTypeId: typeId,
    fileName: `passport-${day}.pdf`,
    storageKey: `k/${userId}/${day}`,
    mimeType: "application/pdf",
    sizeBytes: 4096,
    expiresOn,
    createdAt: new Date(`2026-11-${String(day).padStart(2, "0")}T09:00:00Z`),
  });
  docs = (
    await db
      .insert(schema.documents)
      .values([
        row(owner.id, 20, "2026-12-31"),
        row(owner.id, 18, "2030-01-01"),
        row(owner.id, 19, null),
      ])
      .returning({ id: schema.documents.id })
  ).map((r) => r.id);
  await db.insert(schema.documents).values({ ...row(gone.id, 17, null), storageKey: "gone" });
  await db.insert(schema.documents).values({ ...row(owner.id, 16, null), status: "approved" });
  venues = (
    await db
      .insert(schema.venues)
      .values([
        { name: "Waiting Hall", countryId: w.countryId, companyId: w.companyA, status: "private" },
        { name: "Public Hall", countryId: w.countryId, status: "public" },
        { name: "Other Waiting", countryId: w.countryId, companyId: w.companyB, status: "private" },
      ])
      .returning({ id: schema.venues.id })
  ).map((r) => r.id);
});
afterAll(async () => {
  await handle?.close();
});

describe("GET approvals by type", () => {
  it("answers today's hours list without a type, and the same for type=hours", async () => {
    const ctx = await as(w.pm);
    const plain = await listApprovals(ctx, {});
    expect(await listApprovalInbox(ctx, {})).toEqual(plain);
    expect(await listApprovalInbox(ctx, { type: "hours" })).toEqual(plain);
    expect(plain.meta.total).toBe(3);
    const err = await appErrorOf(listApprovalInbox(ctx, { type: "salaries" }));
    expect(err.status).toBe(422);
    expect(err.message).toBe("Use one of: hours, documents, venues.");
  });

  it("lists pending documents, the longest waiting first, with the file link and expiry", async () => {
    const page = await listApprovalInbox(await as(w.crewHandler), { type: "documents" });
    const items = page.items as PendingDocumentRow[];
    expect(items.map((d) => d.id)).toEqual([docs[1], docs[2], docs[0]]);
    expect(items[2]).toMatchObject({
      user: { name: "Olga Owner" },
      type: { id: typeId, name: "Passport", has_expiry: true },
      file_name: "passport-20.pdf",
      uploaded_at: "2026-11-20T09:00:00.000Z",
      expires_on: "2026-12-31",
      expiry: "expiring",
      file_url: `/api/v2/documents/${docs[0]}/file`,
    });
    expect(items[0].expiry).toBe("valid");
    expect(items[1].expiry).toBe("none");
    expect(page.meta).toMatchObject({ total: 3, per_page: 10 });
    const found = await listApprovalInbox(await as(w.pm), {
      type: "documents",
      filter: { search: "nobody" },
    });
    expect(found.meta.total).toBe(0);
  });

  it("lists venues awaiting approval through the venues list", async () => {
    const page = await listApprovalInbox(await as(w.pm), { type: "venues" });
    expect(page.items.map((v) => (v as { id: number }).id).sort()).toEqual(
      [venues[0], venues[2]].sort(),
    );
    expect(page.items.every((v) => (v as { can: { approve: boolean } }).can.approve)).toBe(true);
  });

  it("gives a client contact its hours but no documents or venues (403), a worker nothing", async () => {
    const col = await as(w.colA);
    expect((await listApprovalInbox(col, {})).meta.total).toBe(2);
    for (const type of ["documents", "venues"]) {
      const err = await appErrorOf(listApprovalInbox(col, { type }));
      expect(err.status).toBe(403);
      expect(err.message).toBe("Only the agency reviews documents and venues.");
      expect((await appErrorOf(listApprovalInbox(await as(w.worker), { type }))).status).toBe(403);
    }
    expect((await appErrorOf(listApprovalInbox(await as(w.worker), {}))).status).toBe(403);
  });
});

describe("approvalCounts", () => {
  it("counts each kind and the total in one statement, and follows the decisions", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.pm, { now });
    counting.reset();
    const counts = await approvalCounts(ctx);
    expect(counting.statements()).toBe(1);
    expect(counts).toEqual({ hours: 3, documents: 3, venues: 2, total: 8 });

    const pm = await as(w.pm);
    await reviewDocument(pm, docs[1], { status: "approved" });
    await approveVenue(pm, venues[2]);
    expect(await approvalCounts(pm)).toEqual({ hours: 3, documents: 2, venues: 1, total: 6 });
  });

  it("counts only its company's hours for a client contact, and refuses a worker", async () => {
    expect(await approvalCounts(await as(w.colA))).toEqual({
      hours: 2,
      documents: null,
      venues: null,
      total: 2,
    });
    expect((await appErrorOf(approvalCounts(await as(w.worker)))).status).toBe(403);
  });
});

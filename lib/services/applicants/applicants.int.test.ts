import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { loadActor } from "@/lib/services/context";
import {
  APPLICANT_APPROVED,
  approveApplicant,
  countApplicants,
  listApplicants,
  recentlyPromoted,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let typeId: number;
let branchId: number;

const now = new Date("2026-11-22T12:00:00Z");
const as = (userId: number) => ctxFor(db, userId, { now });
const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);

async function applicant(name: string, createdAt: Date) {
  const u = await createUser(db, { name, roles: [ROLE.worker], approved: false });
  await db.update(schema.users).set({ createdAt }).where(eq(schema.users.id, u.id));
  return u;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  const [type] = await db
    .insert(schema.documentTypes)
    .values({ name: "Passport", isRequired: true })
    .returning();
  typeId = type.id;
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Aarhus", countryId: w.countryId })
    .returning();
  branchId = branch.id;
});
afterAll(async () => {
  await handle?.close();
});

const doc = (userId: number, status: "pending" | "approved" | "declined") => ({
  userId,
  documentTypeId: typeId,
  fileName: "passport.pdf",
  storageKey: `k/${userId}/${Math.random()}`,
  mimeType: "application/pdf",
  sizeBytes: 1000,
  status,
});

describe("listApplicants", () => {
  it("lists users awaiting approval, oldest first, with what the office decides on", async () => {
    const older = await applicant("Liva Older", new Date("2026-11-18T08:00:00Z"));
    const newer = await applicant("Noah Newer", new Date("2026-11-20T08:00:00Z"));
    const gone = await applicant("Gone Archived", new Date("2026-11-19T08:00:00Z"));
    await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone.id));
    await db
      .update(schema.users)
      .set({
        phone: "+45 11 22 33 44",
        address: "Vesterbro 1",
        city: "Aarhus",
        countryId: w.countryId,
        invitedById: w.worker,
      })
      .where(eq(schema.users.id, older.id));
    await db.insert(schema.userSkills).values({ userId: older.id, skillId: w.skill2 });
    await db.insert(schema.userBranches).values({ userId: older.id, branchId });
    await db
      .insert(schema.documents)
      .values([doc(older.id, "pending"), doc(older.id, "pending"), doc(older.id, "declined")]);

    const page = await listApplicants(await as(w.crewHandler), {});
    expect(page.meta.per_page).toBe(10);
    expect(ids(page)).toEqual([older.id, newer.id]);
    expect(ids(page)).not.toContain(w.worker);
    const row = page.items[0];
    expect(row).toMatchObject({
      name: "Liva Older",
      phone: "+45 11 22 33 44",
      registered_at: "2026-11-18T08:00:00.000Z",
      country: { id: w.countryId, name: "Denmark" },
      branches: [{ id: branchId, name: "Aarhus" }],
      skills: ["Rigger"],
      documents: { pending: 2, approved: 0, declined: 1 },
      completeness: {
        done: 3,
        total: 5,
        missing: ["Birth date", "Payment details (bank account)"],
      },
      invited_by: { id: w.worker, name: "Walt Worker" },
    });
    expect(page.items[1]).toMatchObject({
      documents: { pending: 0, approved: 0, declined: 0 },
      completeness: { done: 0, total: 5 },
      invited_by: null,
      country: null,
      skills: [],
    });
  });

  it("finds by name, e-mail or phone; LIKE wildcards are text; a bad search is 422", async () => {
    const ctx = await as(w.pm);
    expect(ids(await listApplicants(ctx, { filter: { search: "noah" } }))).toHaveLength(1);
    expect(ids(await listApplicants(ctx, { filter: { search: "11 22 33" } }))).toHaveLength(1);
    expect((await listApplicants(ctx, { filter: { search: "%" } })).meta.total).toBe(0);
    const bad = await appErrorOf(listApplicants(ctx, { filter: { search: ["x"] } }));
    expect(bad.status).toBe(422);
    expect((await appErrorOf(listApplicants(ctx, { page: 0 }))).status).toBe(422);
  });

  it("refuses a worker and a client contact (403)", async () => {
    for (const user of [w.worker, w.colA]) {
      expect((await appErrorOf(listApplicants(await as(user), {}))).status).toBe(403);
      expect((await appErrorOf(countApplicants(await as(user)))).status).toBe(403);
      expect((await appErrorOf(recentlyPromoted(await as(user)))).status).toBe(403);
    }
  });

  it("needs two queries for a page of 1 as for a page of 10 (no N+1)", async () => {
    for (let i = 0; i < 10; i++) await applicant(`Paged ${i}`, now);
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.pm, { now });
    counting.reset();
    const one = await listApplicants(ctx, { perPage: 1 });
    const few = counting.statements();
    counting.reset();
    const ten = await listApplicants(ctx, { perPage: 10 });
    expect(one.items).toHaveLength(1);
    expect(ten.items).toHaveLength(10);
    expect(counting.statements()).toBe(few);
    expect(few).toBe(2);
  });
});

describe("approveApplicant", () => {
  it("approves, logs, e-mails, lifts the applicant's rules at once, and counts go down", async () => {
    const a = await applicant("Ebba Approve", now);
    const before = await loadActor(db, a.id);
    expect(before?.approved).toBe(false);
    expect(before?.permissions.has("calendar_access")).toBe(false);
    const ctx = await as(w.crewHandler);
    const count = (await countApplicants(ctx)).count;

    const res = await approveApplicant(ctx, { applicant_id: String(a.id) });
    expect(res).toMatchObject({
      id: a.id,
      message: APPLICANT_APPROVED,
      approved_by: { id: w.crewHandler, name: "Carl Crew" },
      approved_at: now.toISOString(),
    });
    expect(APPLICANT_APPROVED).toBe("User approved succesfully.");
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, a.id));
    expect(row).toMatchObject({ approved: true, approvedById: w.crewHandler, approvedAt: now });
    const after = await loadActor(db, a.id);
    expect(after?.approved).toBe(true);
    expect(after?.permissions.has("calendar_access")).toBe(true);

    const log = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "users"), eq(schema.activityLog.subjectId, a.id)),
      );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ logName: "users", causerId: w.crewHandler });
    expect(log[0].properties).toMatchObject({ from: "awaiting approval", to: "approved" });
    const [mail] = await db
      .select()
      .from(schema.mailOutbox)
      .where(
        and(
          eq(schema.mailOutbox.to, a.email),
          eq(schema.mailOutbox.template, "applicant_approved"),
        ),
      );
    expect(mail.subject).toContain("You are approved");
    expect(mail.text).toMatch(/\/sign-in/);

    expect((await countApplicants(ctx)).count).toBe(count - 1);
    expect(ids(await listApplicants(ctx, { perPage: 100 }))).not.toContain(a.id);
    const recent = await recentlyPromoted(ctx);
    expect(recent[0]).toMatchObject({
      id: a.id,
      approved_at: now.toISOString(),
      approved_by: { id: w.crewHandler, name: "Carl Crew" },
    });
  });

  it("answers 409 the second time, also for two approvals at once", async () => {
    const a = await applicant("Twice Tried", now);
    const [pm, ch] = [await as(w.pm), await as(w.crewHandler)];
    const results = await Promise.allSettled([
      approveApplicant(pm, { applicant_id: a.id }),
      approveApplicant(ch, { applicant_id: a.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const err = await appErrorOf(approveApplicant(pm, { applicant_id: a.id }));
    expect(err.status).toBe(409);
    expect(err.message).toBe("This user is already approved.");
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "users"), eq(schema.activityLog.subjectId, a.id)),
      );
    expect(logs).toHaveLength(1);
    // An approved worker was never an applicant: 409 too.
    expect((await appErrorOf(approveApplicant(pm, { applicant_id: w.worker }))).status).toBe(409);
  });

  it("answers 422 for a missing or bad id, 404 for an unknown or archived user", async () => {
    const ctx = await as(w.pm);
    const missing = await appErrorOf(approveApplicant(ctx, {}));
    expect(missing.status).toBe(422);
    expect(missing.errors).toEqual({ applicant_id: ["The applicant_id field is required."] });
    for (const bad of ["abc", -1, 1.5, 2 ** 31, ["1"]])
      expect((await appErrorOf(approveApplicant(ctx, { applicant_id: bad }))).status).toBe(422);
    expect((await appErrorOf(approveApplicant(ctx, { applicant_id: 999999 }))).status).toBe(404);
    const gone = await applicant("Gone Again", now);
    await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone.id));
    expect((await appErrorOf(approveApplicant(ctx, { applicant_id: gone.id }))).status).toBe(404);
  });

  it("refuses a worker and a client contact (403) and changes nothing", async () => {
    const a = await applicant("Not Yours", now);
    for (const user of [w.worker, w.colA]) {
      const err = await appErrorOf(approveApplicant(await as(user), { applicant_id: a.id }));
      expect(err.status).toBe(403);
    }
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, a.id));
    expect(row.approved).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { addOnCall } from "../on-call";
import { createNote } from "../notes";
import { changeUserStatus } from "../users/status";
import { activityTypes, listActivityLog, listUserActivities } from ".";
import { COUNT_CAP } from "../pagination";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-22T12:00:00Z");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

let jobId: number;
let applicationId: number;
let documentId: number;
let worker2: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  worker2 = (await createUser(db, { name: "Wanda Worker", roles: [ROLE.worker] })).id;
  const job = await insertJob(db, {
    name: "Logged job",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: hoursAgo(-48),
        endsAt: hoursAgo(-40),
        slots: [{ skillId: w.skill, positions: 2 }],
      },
    ],
  });
  jobId = job.id;
  [{ id: applicationId }] = await db
    .insert(schema.applications)
    .values({
      shiftSlotId: job.shifts[0].slots[0].id,
      shiftId: job.shifts[0].id,
      assigneeId: worker2,
      status: "Booked",
    })
    .returning();
  const [type] = await db.insert(schema.documentTypes).values({ name: "ID (test)" }).returning();
  [{ id: documentId }] = await db
    .insert(schema.documents)
    .values({
      userId: worker2,
      documentTypeId: type.id,
      fileName: "id.pdf",
      storageKey: "k/id",
      mimeType: "application/pdf",
      sizeBytes: 10,
    })
    .returning();
  await db.insert(schema.activityLog).values([
    {
      logName: "jobs",
      description: "Changed status of Logged job from Published to Cancelled",
      subjectType: "jobs",
      subjectId: jobId,
      causerId: w.pm,
      properties: { from: "Published", to: "Cancelled", reason: "Rain" },
      createdAt: hoursAgo(50),
    },
    {
      logName: "applications",
      description: "Booked Wanda Worker on Logged job",
      subjectType: "applications",
      subjectId: applicationId,
      causerId: w.crewHandler,
      properties: { from: null, to: "Booked", job_id: jobId },
      createdAt: hoursAgo(30),
    },
    {
      logName: "documents",
      description: "Approved a document of Wanda Worker",
      subjectType: "documents",
      subjectId: documentId,
      causerId: w.crewHandler,
      properties: { from: "pending", to: "approved" },
      createdAt: hoursAgo(20),
    },
    {
      logName: "auth",
      description: "Signed in",
      subjectType: "users",
      subjectId: worker2,
      causerId: worker2,
      properties: { ip: "203.0.113.9", token_hash: "deadbeef" },
      createdAt: hoursAgo(10),
    },
  ]);
  // A real verb writes its own row.
  await addOnCall(await ctxOf(w.crewHandler), { userId: worker2 });
});
afterAll(async () => {
  await handle?.close();
});

describe("GET activity-log", () => {
  it("lists everyone's activity newest first, 20 a page, with causer, link and changes", async () => {
    const page = await listActivityLog(await ctxOf(w.admin), {});
    expect(page.meta.per_page).toBe(20);
    expect(page.time_zone).toBe("Europe/Copenhagen");
    expect(page.items.map((r) => r.log_name)).toEqual([
      "on_call",
      "auth",
      "documents",
      "applications",
      "jobs",
    ]);
    const [onCall, auth, doc, app, job] = page.items;
    expect(onCall).toMatchObject({
      description: "Added Wanda Worker to the on-call list",
      causer: { id: w.crewHandler },
      subject: { href: `/users/${worker2}/personal`, label: "Wanda Worker" },
      created_at: now.toISOString(),
    });
    // Records are called by their names, found in the same statement.
    expect(job.subject).toEqual({ href: `/jobs/${jobId}`, label: "Logged job" });
    expect(job.changes).toEqual([
      { label: "Status", from: "Published", to: "Cancelled" },
      { label: "Reason", value: "Rain" },
    ]);
    expect(app.subject).toEqual({
      href: `/jobs/${jobId}/shifts`,
      label: "Booking on Logged job",
    });
    expect(doc.subject).toEqual({ href: `/users/${worker2}/my-documents`, label: "ID (test)" });
    // Never the address or a hash, and never the raw properties.
    expect(auth.changes).toEqual([]);
    expect(JSON.stringify(page)).not.toContain("203.0.113.9");
    expect(JSON.stringify(page)).not.toContain("deadbeef");
  });

  it("filters by log name, causer and a day range; types lists the log names", async () => {
    const ctx = await ctxOf(w.admin);
    const names = (p: { items: { log_name: string }[] }) => p.items.map((r) => r.log_name);
    expect(names(await listActivityLog(ctx, { filter: { log_name: "jobs" } }))).toEqual(["jobs"]);
    expect(
      names(await listActivityLog(ctx, { filter: { causer_id: String(w.crewHandler) } })),
    ).toEqual(["on_call", "documents", "applications"]);
    // 22/11 and 21/11 in Copenhagen: the row of 50 hours ago (20/11) is left out.
    expect(
      names(await listActivityLog(ctx, { filter: { from: "21/11/2026", to: "22/11/2026" } })),
    ).toEqual(["on_call", "auth", "documents", "applications"]);
    expect(names(await listActivityLog(ctx, { filter: { to: "20/11/2026" } }))).toEqual(["jobs"]);
    expect(await activityTypes(ctx)).toEqual([
      "applications",
      "auth",
      "documents",
      "jobs",
      "on_call",
    ]);
  });

  it("answers 422 for bad dates, a reversed range and bad paging", async () => {
    const ctx = await ctxOf(w.admin);
    for (const input of [
      { filter: { from: "31/02/2026" } },
      { filter: { from: "22/11/2026", to: "21/11/2026" } },
      { filter: { causer_id: "x" } },
      { perPage: 1000 },
      { page: -1 },
    ])
      expect((await appErrorOf(listActivityLog(ctx, input))).status).toBe(422);
  });

  it("is for can_view_all_activities only: project manager, worker and client get 403", async () => {
    for (const who of [w.pm, w.crewHandler, w.worker, w.colA]) {
      const ctx = await ctxOf(who);
      expect((await appErrorOf(listActivityLog(ctx, {}))).status).toBe(403);
      expect((await appErrorOf(activityTypes(ctx))).status).toBe(403);
    }
  });

  it("reads a page in three queries, whatever its size", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.admin, { now });
    counting.reset();
    expect((await listActivityLog(ctx, { perPage: 1 })).items).toHaveLength(1);
    const one = counting.statements();
    counting.reset();
    expect((await listActivityLog(ctx, { perPage: 20 })).items).toHaveLength(5);
    expect(counting.statements()).toBe(one);
    expect(one).toBe(3);
  });

  it("counts a deep page from its first row: the same totals, rows and three queries", async () => {
    // 330 rows of one log, in runs of ten that share their instant (ties by id, newest first).
    const rows = await db
      .insert(schema.activityLog)
      .values(
        Array.from({ length: 330 }, (_, i) => ({
          logName: "deep_paging",
          description: `Deep row ${i}`,
          causerId: w.admin,
          createdAt: hoursAgo(100 + Math.floor(i / 10)),
        })),
      )
      .returning({ id: schema.activityLog.id, createdAt: schema.activityLog.createdAt });
    try {
      const newestFirst = [...rows]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((r) => r.id);
      const counting = countingDb(handle);
      const ctx = await ctxFor(counting.db, w.admin, { now });
      const filter = { log_name: "deep_paging" };
      // Pages 1–12 of 20 count from the top beside the page; 13–17 (offset 240 and on) from
      // the page's first row; 18 is past the end.
      for (let page = 1; page <= 18; page++) {
        counting.reset();
        const res = await listActivityLog(ctx, { filter, page });
        const window = Math.min((page - 1) * 20 + 220, COUNT_CAP);
        expect(res.meta).toEqual({
          current_page: page,
          last_page: Math.min(17, Math.ceil(Math.min(330, window) / 20)),
          per_page: 20,
          total: Math.min(330, window),
          ...(330 > window ? { total_capped: true } : {}),
        });
        expect(res.items.map((r) => r.id)).toEqual(newestFirst.slice((page - 1) * 20, page * 20));
        expect(counting.statements()).toBe(3);
      }
      // One a page, deep: offset 300 counts 12 from the page's first row (330 > 311: capped).
      const deep = await listActivityLog(ctx, { filter, page: 301, perPage: 1 });
      expect(deep.items.map((r) => r.id)).toEqual([newestFirst[300]]);
      expect(deep.meta).toEqual({
        current_page: 301,
        last_page: 311,
        per_page: 1,
        total: 311,
        total_capped: true,
      });
      const last = await listActivityLog(ctx, { filter, page: 325, perPage: 1 });
      expect(last.meta).toEqual({ current_page: 325, last_page: 330, per_page: 1, total: 330 });
    } finally {
      await db.delete(schema.activityLog).where(eq(schema.activityLog.logName, "deep_paging"));
    }
  });
});

describe("GET activities/{userId}", () => {
  it("lists what the user did and what was done to the user, 15 a page", async () => {
    const page = await listUserActivities(await ctxOf(w.crewHandler), String(worker2), {});
    expect(page.meta.per_page).toBe(15);
    expect(page.items.map((r) => r.description)).toEqual([
      "Added Wanda Worker to the on-call list",
      "Signed in",
    ]);
    const byHandler = await listUserActivities(await ctxOf(w.pm), w.crewHandler, {});
    expect(byHandler.items.map((r) => r.log_name)).toEqual([
      "on_call",
      "documents",
      "applications",
    ]);
  });

  it("is 404 for a worker (even on itself), a client contact, and unknown ids", async () => {
    for (const [who, target] of [
      [w.worker, worker2],
      [worker2, worker2],
      [w.colA, w.colA],
    ] as const) {
      expect((await appErrorOf(listUserActivities(await ctxOf(who), target, {}))).status).toBe(404);
    }
    const ctx = await ctxOf(w.admin);
    for (const id of ["abc", "0", 999_999])
      expect((await appErrorOf(listUserActivities(ctx, id, {}))).status).toBe(404);
    expect((await appErrorOf(listUserActivities(ctx, worker2, { perPage: 0 }))).status).toBe(422);
  });

  it("reads a page in four queries (profile access, zone, count, rows)", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.admin, { now });
    counting.reset();
    await listUserActivities(ctx, worker2, { perPage: 1 });
    const one = counting.statements();
    counting.reset();
    await listUserActivities(ctx, worker2, {});
    expect(counting.statements()).toBe(one);
    expect(one).toBe(4);
  });
});

// Issue 23: every row names its subject and shows its kind in words, for rows the verbs write.
describe("how a row reads", () => {
  const said = (row: { sentence: (string | { link: { label: string } })[] }) =>
    row.sentence.map((p) => (typeof p === "string" ? p : `[${p.link.label}]`)).join("");

  it("names the person deactivated and the person a note is about, and the kinds in words", async () => {
    const petra = await createUser(db, { name: "Petra Planner", roles: [ROLE.projectManager] });
    const admin = await ctxOf(w.admin);
    await changeUserStatus(admin, petra.id, { status: "deactivated" });
    await createNote(admin, { noteable_type: "users", noteable_id: petra.id, comment: "Called" });

    const [note, deactivated] = (await listActivityLog(admin, { perPage: 2 })).items;
    expect(said(deactivated)).toBe("deactivated [Petra Planner]");
    expect(deactivated.sentence).toContainEqual({
      link: { href: `/users/${petra.id}/personal`, label: "Petra Planner" },
    });
    expect(deactivated.log_label).toBe("Users");
    expect(said(note)).toBe("added a note on [Petra Planner]");
    expect(note.log_label).toBe("Notes");

    const onCall = (await listActivityLog(admin, { filter: { log_name: "on_call" } })).items[0];
    expect(onCall.log_label).toBe("On-call");
    expect(said(onCall)).toBe("added [Wanda Worker] to the on-call list");
    // The profile tab reads the same rows the same way.
    const tab = await listUserActivities(admin, petra.id, {});
    expect(tab.items.map(said)).toEqual([
      "added a note on [Petra Planner]",
      "deactivated [Petra Planner]",
    ]);
  });
});

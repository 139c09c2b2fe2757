import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  createJobWorld,
  insertJob,
  type InsertedJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { createNote, deleteNote, listNotes, pinNote, saveJobNote, updateNote } from "./index";

const t0 = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let jobA: InsertedJob;
let jobB: InsertedJob;
let boss: number; // a Freelancer who is crew boss on jobA
let crewHandler2: number;

beforeAll(async () => {
  handle = await testDatabase();
  const db = handle.db;
  w = await createJobWorld(db);
  const shift = (d: number) => ({
    startsAt: new Date(Date.UTC(2026, 11, d, 7)),
    endsAt: new Date(Date.UTC(2026, 11, d, 15)),
    slots: [{ skillId: w.skill, positions: 2 }],
  });
  jobA = await insertJob(db, {
    name: "A job",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [shift(1), shift(2)],
  });
  jobB = await insertJob(db, {
    name: "B job",
    companyId: w.companyB,
    countryId: w.countryId,
    shifts: [shift(3)],
  });
  boss = (await createUser(db, { roles: [ROLE.worker], name: "Bob Boss" })).id;
  crewHandler2 = (await createUser(db, { roles: [ROLE.crewHandler], name: "Cora Crew" })).id;
  await db.insert(schema.shiftCrewBosses).values({ shiftId: jobA.shifts[1].id, userId: boss });
});
afterAll(async () => handle.close());

const ctxOf = (userId: number, now = t0) => ctxFor(handle.db, userId, { now });
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const onJob = (jobId: number) => ({ filter: { noteable_id: jobId } });

async function noteOn(jobId: number, userId: number, comment: string, now = t0) {
  return createNote(await ctxOf(userId, now), { noteable_id: jobId, comment });
}

describe("listNotes", () => {
  it("lists pinned notes first, then the newest, in the job's time zone", async () => {
    const job = await insertJob(handle.db, {
      name: "Listing",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [],
    });
    const first = await noteOn(job.id, w.pm, "First", at(1));
    const second = await noteOn(job.id, w.crewHandler, "Second", at(2));
    const third = await noteOn(job.id, w.pm, "Third", at(3));
    expect(await pinNote(await ctxOf(w.pm), { noteId: first.id })).toEqual({
      id: first.id,
      is_pinned: true,
    });
    const page = await listNotes(await ctxOf(w.crewHandler), onJob(job.id));
    expect(page.items.map((n) => [n.comment, n.is_pinned])).toEqual([
      ["First", true],
      ["Third", false],
      ["Second", false],
    ]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3 });
    expect(page.items[1]).toEqual({
      id: third.id,
      noteable_type: "jobs",
      noteable_id: job.id,
      comment: "Third",
      is_pinned: false,
      created_at: "2026-11-22T10:03:00+01:00",
      updated_at: "2026-11-22T10:03:00+01:00",
      author: { id: w.pm, name: "Per PM" },
      can_edit: false, // the crew handler is not the author and holds no job_edit
    });
    expect(page.items.find((n) => n.id === second.id)?.can_edit).toBe(true);
    const paged = await listNotes(await ctxOf(w.pm), { ...onJob(job.id), perPage: 2, page: 2 });
    expect(paged.items.map((n) => n.comment)).toEqual(["Second"]);
    expect(paged.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
  });

  it("needs a noteable id (422) and answers 404 for an unknown job", async () => {
    expect((await appErrorOf(listNotes(await ctxOf(w.pm), {}))).status).toBe(422);
    expect(
      (await appErrorOf(listNotes(await ctxOf(w.pm), { filter: { noteable_id: "abc" } }))).status,
    ).toBe(422);
    expect(
      (
        await appErrorOf(
          listNotes(await ctxOf(w.pm), { filter: { noteable_id: jobA.id, noteable_type: "x" } }),
        )
      ).status,
    ).toBe(422);
    expect((await appErrorOf(listNotes(await ctxOf(w.pm), onJob(99_999_999)))).status).toBe(404);
  });
});

describe("saveJobNote and createNote", () => {
  it("saves a note on the loaded job, with an activity row", async () => {
    const note = await saveJobNote(await ctxOf(w.pm), { job_id: jobA.id, note: "  Gate 4  " });
    expect(note).toMatchObject({
      noteable_type: "jobs",
      noteable_id: jobA.id,
      comment: "Gate 4",
      is_pinned: false,
      author: { id: w.pm, name: "Per PM" },
      can_edit: true,
    });
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.logName, "notes"), eq(schema.activityLog.subjectId, jobA.id)),
      );
    expect(log.map((l) => l.description)).toContain(`Added a note on job #${jobA.id}`);
  });

  it("needs a loaded job: without job_id 422 with errors.job_id, nothing written", async () => {
    const before = await handle.db.select().from(schema.notes);
    for (const job_id of [undefined, "", null]) {
      const err = await appErrorOf(saveJobNote(await ctxOf(w.pm), { job_id, note: "Orphan" }));
      expect(err.status).toBe(422);
      expect(err.errors?.job_id).toEqual(["The job_id field is required."]);
    }
    expect(await handle.db.select().from(schema.notes)).toHaveLength(before.length);
  });

  it("refuses an empty or too long comment (422)", async () => {
    const empty = await appErrorOf(saveJobNote(await ctxOf(w.pm), { job_id: jobA.id, note: "  " }));
    expect(empty.status).toBe(422);
    expect(empty.errors?.note).toEqual(["The note field is required."]);
    const missing = await appErrorOf(createNote(await ctxOf(w.pm), { noteable_id: jobA.id }));
    expect(missing.status).toBe(422);
    expect(missing.errors?.comment).toEqual(["The note field is required."]);
    const long = await appErrorOf(
      createNote(await ctxOf(w.pm), { noteable_id: jobA.id, comment: "x".repeat(5001) }),
    );
    expect(long.status).toBe(422);
    expect(long.errors?.comment).toEqual(["A note may be at most 5,000 characters."]);
    const ok = await createNote(await ctxOf(w.pm), {
      noteable_id: jobA.id,
      comment: "y".repeat(5000),
    });
    expect(ok.comment).toHaveLength(5000);
    const note = await noteOn(jobA.id, w.pm, "Keep me");
    const blank = await appErrorOf(updateNote(await ctxOf(w.pm), note.id, { comment: "" }));
    expect(blank.status).toBe(422);
  });
});

describe("updateNote, deleteNote, pinNote", () => {
  it("lets the author edit and delete; someone else without job_edit gets 403", async () => {
    const note = await noteOn(jobA.id, w.crewHandler, "Mine", at(10));
    const edited = await updateNote(await ctxOf(w.crewHandler, at(11)), note.id, {
      comment: "Mine, edited",
    });
    expect(edited).toMatchObject({
      id: note.id,
      comment: "Mine, edited",
      created_at: "2026-11-22T10:10:00+01:00",
      updated_at: "2026-11-22T10:11:00+01:00",
      author: { id: w.crewHandler, name: "Carl Crew" },
    });

    const other = await appErrorOf(
      updateNote(await ctxOf(crewHandler2), note.id, { comment: "Not yours" }),
    );
    expect(other.status).toBe(403);
    expect(other.message).toBe("Only the author can change this note.");
    const otherDelete = await appErrorOf(deleteNote(await ctxOf(crewHandler2), note.id));
    expect(otherDelete.status).toBe(403);
    const [row] = await handle.db.select().from(schema.notes).where(eq(schema.notes.id, note.id));
    expect(row.comment).toBe("Mine, edited");

    expect(await deleteNote(await ctxOf(w.crewHandler), note.id)).toEqual({
      id: note.id,
      message: "Note on A job deleted",
    });
    expect(await handle.db.select().from(schema.notes).where(eq(schema.notes.id, note.id))).toEqual(
      [],
    );
    expect((await appErrorOf(deleteNote(await ctxOf(w.crewHandler), note.id))).status).toBe(404);
  });

  it("lets an administrator and a job editor change anyone's note", async () => {
    const note = await noteOn(jobA.id, w.crewHandler, "Handler's");
    expect((await updateNote(await ctxOf(w.admin), note.id, { comment: "By admin" })).comment).toBe(
      "By admin",
    );
    expect((await updateNote(await ctxOf(w.pm), note.id, { comment: "By PM" })).comment).toBe(
      "By PM",
    );
    expect((await deleteNote(await ctxOf(w.admin), note.id)).id).toBe(note.id);
  });

  it("pins read the note under its lock: four pins at once leave it as it was", async () => {
    const note = await noteOn(jobA.id, w.pm, "Pin me four times");
    const c = await ctxOf(w.pm);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => pinNote(c, { noteId: note.id })),
    );
    expect(results.filter((r) => r.is_pinned)).toHaveLength(2);
    const [row] = await handle.db.select().from(schema.notes).where(eq(schema.notes.id, note.id));
    expect(row.isPinned).toBe(false);
  });

  it("toggles the pin; an unknown note is 404 and a bad id 422", async () => {
    const note = await noteOn(jobA.id, w.pm, "Pin me");
    expect((await pinNote(await ctxOf(w.crewHandler), { noteId: note.id })).is_pinned).toBe(true);
    expect((await pinNote(await ctxOf(w.crewHandler), { noteId: String(note.id) })).is_pinned).toBe(
      false,
    );
    const [row] = await handle.db.select().from(schema.notes).where(eq(schema.notes.id, note.id));
    expect(row.isPinned).toBe(false);
    expect((await appErrorOf(pinNote(await ctxOf(w.pm), { noteId: 99_999_999 }))).status).toBe(404);
    expect((await appErrorOf(pinNote(await ctxOf(w.pm), {}))).status).toBe(422);
    expect((await appErrorOf(updateNote(await ctxOf(w.pm), "abc", { comment: "x" }))).status).toBe(
      404,
    );
  });
});

describe("who sees which job notes", () => {
  it("lets a crew boss (a Freelancer) list and add notes on that job, 404 on another", async () => {
    const pmNote = await noteOn(jobA.id, w.pm, "For the crew boss");
    const ctx = await ctxOf(boss);
    expect(ctx.actor && "permissions" in ctx.actor && ctx.actor.permissions.has("job_view")).toBe(
      false,
    );
    const list = await listNotes(ctx, onJob(jobA.id));
    expect(list.items.map((n) => n.id)).toContain(pmNote.id);
    const mine = await saveJobNote(ctx, { job_id: jobA.id, note: "Crew is on site" });
    expect(mine.author).toEqual({ id: boss, name: "Bob Boss" });
    expect((await updateNote(ctx, mine.id, { comment: "Crew left" })).comment).toBe("Crew left");
    expect((await appErrorOf(updateNote(ctx, pmNote.id, { comment: "x" }))).status).toBe(403);

    const bNote = await noteOn(jobB.id, w.pm, "B secret");
    expect((await appErrorOf(listNotes(ctx, onJob(jobB.id)))).status).toBe(404);
    expect((await appErrorOf(saveJobNote(ctx, { job_id: jobB.id, note: "x" }))).status).toBe(404);
    expect((await appErrorOf(pinNote(ctx, { noteId: bNote.id }))).status).toBe(404);
    expect((await appErrorOf(deleteNote(ctx, bNote.id))).status).toBe(404);
  });

  it("stops treating someone as crew boss once their shift is removed", async () => {
    const job = await insertJob(handle.db, {
      name: "Short-lived boss",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: new Date(Date.UTC(2026, 11, 9, 7)),
          endsAt: new Date(Date.UTC(2026, 11, 9, 15)),
          slots: [{ skillId: w.skill, positions: 1 }],
        },
      ],
    });
    await handle.db
      .insert(schema.shiftCrewBosses)
      .values({ shiftId: job.shifts[0].id, userId: boss });
    expect((await listNotes(await ctxOf(boss), onJob(job.id))).items).toEqual([]);
    await handle.db
      .update(schema.shifts)
      .set({ deletedAt: t0 })
      .where(eq(schema.shifts.id, job.shifts[0].id));
    expect((await appErrorOf(listNotes(await ctxOf(boss), onJob(job.id)))).status).toBe(404);
  });

  it("shows a client contact its own company's job notes and 404s another company's", async () => {
    const bNote = await noteOn(jobB.id, w.pm, "B only");
    const ctx = await ctxOf(w.colA);
    const own = await saveJobNote(ctx, { job_id: jobA.id, note: "From the client" });
    expect((await listNotes(ctx, onJob(jobA.id))).items.map((n) => n.id)).toContain(own.id);
    expect((await appErrorOf(listNotes(ctx, onJob(jobB.id)))).status).toBe(404);
    expect((await appErrorOf(saveJobNote(ctx, { job_id: jobB.id, note: "x" }))).status).toBe(404);
    // A note id on a job the user cannot see does not exist for them.
    expect((await appErrorOf(updateNote(ctx, bNote.id, { comment: "x" }))).status).toBe(404);
    expect((await appErrorOf(deleteNote(ctx, bNote.id))).status).toBe(404);
    expect((await appErrorOf(pinNote(ctx, { noteId: bNote.id }))).status).toBe(404);
    const [row] = await handle.db.select().from(schema.notes).where(eq(schema.notes.id, bNote.id));
    expect(row).toMatchObject({ comment: "B only", isPinned: false });
    expect((await listNotes(await ctxOf(w.colB), onJob(jobB.id))).items.map((n) => n.id)).toContain(
      bNote.id,
    );
  });

  // Issue: "a worker gets 403 on every write". A Freelancer who is crew boss nowhere gets 404
  // (the job is treated as invisible) instead of 403 on the note writes.
  it("gives a worker who is nobody's crew boss 403 on every note write", async () => {
    const note = await noteOn(jobA.id, w.pm, "Worker cannot touch");
    const ctx = await ctxOf(w.worker);
    const calls = [
      () => saveJobNote(ctx, { job_id: jobA.id, note: "x" }),
      () => createNote(ctx, { noteable_id: jobA.id, comment: "x" }),
      () => updateNote(ctx, note.id, { comment: "x" }),
      () => deleteNote(ctx, note.id),
      () => pinNote(ctx, { noteId: note.id }),
    ];
    for (const call of calls) expect((await appErrorOf(call())).status).toBe(403);
  });

  it("leaves notes untouched when a worker who is nobody's crew boss tries to write", async () => {
    const note = await noteOn(jobA.id, w.pm, "Still here");
    const ctx = await ctxOf(w.worker);
    for (const call of [
      () => saveJobNote(ctx, { job_id: jobA.id, note: "x" }),
      () => updateNote(ctx, note.id, { comment: "x" }),
      () => deleteNote(ctx, note.id),
      () => pinNote(ctx, { noteId: note.id }),
    ]) {
      expect([403, 404]).toContain((await appErrorOf(call())).status);
    }
    const [row] = await handle.db.select().from(schema.notes).where(eq(schema.notes.id, note.id));
    expect(row).toMatchObject({ comment: "Still here", isPinned: false });
    const onA = await handle.db
      .select()
      .from(schema.notes)
      .where(and(eq(schema.notes.noteableId, jobA.id), eq(schema.notes.createdById, w.worker)));
    expect(onA).toEqual([]);
  });
});

describe("notes on users", () => {
  it("lets staff with user_create keep notes on a person; a client contact gets 403", async () => {
    const person = await createUser(handle.db, { roles: [ROLE.worker], name: "Noted Worker" });
    const ctx = await ctxOf(w.crewHandler);
    const note = await createNote(ctx, {
      noteable_type: "users",
      noteable_id: person.id,
      comment: "Reliable, prefers nights",
    });
    expect(note).toMatchObject({
      noteable_type: "users",
      noteable_id: person.id,
      comment: "Reliable, prefers nights",
      created_at: "2026-11-22T10:00:00+01:00",
    });
    const list = await listNotes(ctx, {
      filter: { noteable_type: "users", noteable_id: person.id },
    });
    expect(list.items.map((n) => n.id)).toEqual([note.id]);
    // A job note list with the same id is another list.
    expect(
      (await listNotes(await ctxOf(w.admin), { filter: { noteable_id: jobA.id } })).items.some(
        (n) => n.id === note.id,
      ),
    ).toBe(false);

    for (const who of [w.colA, w.worker]) {
      const c = await ctxOf(who);
      const create = await appErrorOf(
        createNote(c, { noteable_type: "users", noteable_id: person.id, comment: "x" }),
      );
      expect(create.status).toBe(403);
      const read = await appErrorOf(
        listNotes(c, { filter: { noteable_type: "users", noteable_id: person.id } }),
      );
      expect(read.status).toBe(403);
      expect((await appErrorOf(updateNote(c, note.id, { comment: "x" }))).status).toBe(403);
    }
    const unknown = await appErrorOf(
      createNote(ctx, { noteable_type: "users", noteable_id: 99_999_999, comment: "x" }),
    );
    expect(unknown.status).toBe(404);
    const notes = await handle.db
      .select()
      .from(schema.notes)
      .where(and(eq(schema.notes.noteableType, "users"), eq(schema.notes.noteableId, person.id)));
    expect(notes.map((n) => n.comment)).toEqual(["Reliable, prefers nights"]);
  });
});

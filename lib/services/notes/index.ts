import { toastName } from "@/lib/domain/done";
import { z } from "zod";
import { NOTE_MAX, atMostChars } from "@/lib/domain/text-limits";
import { parseId } from "../params";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { isOffice } from "@/lib/domain/profile-tabs";
import { isoInZone } from "@/lib/domain/time";
import { can, requireUser, type Ctx, type TxCtx, type UserActor, withTx } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { isCrewBossAnywhere, loadJobForNotes } from "../jobs/scope";
import { viewerTimeZone } from "../viewer-zone";
import {
  assertMayManage,
  heldPermissionsSql,
  holderOf,
  holdsAdminRoleSql,
  manageVerdict,
} from "../users/manage";

/**
 * Notes on a job (job-notes tab) or a user (notes tab). Job notes: job_notes_access in the
 * job's scope, or the job's crew boss. User notes: back-office staff who look after people.
 */
export type NoteableType = "jobs" | "users";

export interface NoteView {
  id: number;
  noteable_type: NoteableType;
  noteable_id: number;
  comment: string;
  is_pinned: boolean;
  created_at: string;
  updated_at: string;
  author: { id: number; name: string } | null;
  can_edit: boolean;
}

const comment = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: "The note field is required." })
    .min(1, "The note field is required.")
    .max(NOTE_MAX, `A note ${atMostChars(NOTE_MAX)}.`),
);

/**
 * The job or user a note is on must be the actor's to see. Notes on people are the office's,
 * as the profile's Notes tab says (one rule); writing one (`write`) changes what the agency
 * records about that person, so the rule of who may manage whom must allow it too. Answers
 * whether the actor may write there (for the list's can_edit).
 */
async function assertNoteable(
  ctx: Ctx,
  type: NoteableType,
  id: number,
  write = false,
): Promise<boolean> {
  const actor = requireUser(ctx);
  if (type === "jobs") {
    await loadJobForNotes(ctx, id);
    return true;
  }
  if (!isOffice(actor)) throw new ForbiddenError();
  const [user] = await ctx.db
    .select({
      id: schema.users.id,
      isAdmin: holdsAdminRoleSql(),
      permissions: heldPermissionsSql(),
    })
    .from(schema.users)
    .where(and(eq(schema.users.id, id), isNull(schema.users.deletedAt)));
  if (!user) throw new NotFoundError("User not found.");
  if (write) assertMayManage(actor, holderOf(user), "write notes on");
  return manageVerdict(actor, holderOf(user)).allowed;
}

/**
 * Who may use notes at all, before a verb reads its body or query (issue 27): the office
 * (notes on people), job_notes_access holders (their jobs' notes) and crew bosses (their jobs').
 * Anyone else is refused with 403 whatever was sent; the note's own job or user is checked
 * after the body (assertNoteable).
 */
async function assertMayUseNotes(ctx: Ctx): Promise<void> {
  const actor = requireUser(ctx);
  if (isOffice(actor) || actor.permissions.has("job_notes_access")) return;
  if (!(await isCrewBossAnywhere(ctx, actor))) throw new ForbiddenError();
}

const mayEdit = (ctx: Ctx, actor: UserActor, authorId: number | null) =>
  authorId === actor.userId || actor.isAdmin || can(ctx, "job_edit");

export const notesListInput = pageInput(50).extend({
  filter: z.object({
    noteable_id: idSchema,
    noteable_type: z.enum(["jobs", "users"]).default("jobs"),
  }),
});

/** GET notes?filter[noteable_id]=&filter[noteable_type]=: pinned first, then newest. */
export async function listNotes(ctx: Ctx, raw: unknown): Promise<Page<NoteView>> {
  const actor = requireUser(ctx);
  await assertMayUseNotes(ctx);
  const input = parseInput(notesListInput, raw);
  const { noteable_id: id, noteable_type: type } = input.filter;
  const mayWrite = await assertNoteable(ctx, type, id);
  const where = and(eq(schema.notes.noteableType, type), eq(schema.notes.noteableId, id));
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.notes).where(where);
  const rows = await ctx.db
    .select({ note: schema.notes, authorName: schema.users.name })
    .from(schema.notes)
    .leftJoin(schema.users, eq(schema.users.id, schema.notes.createdById))
    .where(where)
    .orderBy(desc(schema.notes.isPinned), desc(schema.notes.createdAt), desc(schema.notes.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  const tz = await viewerZone(ctx, type, id);
  return {
    items: rows.map(({ note, authorName }) =>
      toView(note, authorName, tz, mayWrite && mayEdit(ctx, actor, note.createdById)),
    ),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

async function viewerZone(ctx: Ctx, type: NoteableType, id: number): Promise<string> {
  if (type !== "jobs") return viewerTimeZone(ctx);
  const [row] = await ctx.db
    .select({ tz: schema.countries.timeZone })
    .from(schema.jobs)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(eq(schema.jobs.id, id));
  return row?.tz ?? "UTC";
}

function toView(
  note: typeof schema.notes.$inferSelect,
  authorName: string | null,
  tz: string,
  canEdit: boolean,
): NoteView {
  return {
    id: note.id,
    noteable_type: note.noteableType,
    noteable_id: note.noteableId,
    comment: note.comment,
    is_pinned: note.isPinned,
    created_at: isoInZone(note.createdAt, tz),
    updated_at: isoInZone(note.updatedAt, tz),
    author: note.createdById ? { id: note.createdById, name: authorName ?? "" } : null,
    can_edit: canEdit,
  };
}

export const createNoteInput = z.object({
  noteable_id: idSchema,
  noteable_type: z.enum(["jobs", "users"]).default("jobs"),
  comment,
});

/** POST notes. */
export async function createNote(ctx: Ctx, raw: unknown): Promise<NoteView> {
  const actor = requireUser(ctx);
  await assertMayUseNotes(ctx);
  const input = parseInput(createNoteInput, raw);
  await assertNoteable(ctx, input.noteable_type, input.noteable_id, true);
  const note = await withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .insert(schema.notes)
      .values({
        noteableType: input.noteable_type,
        noteableId: input.noteable_id,
        comment: input.comment,
        createdById: actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await logActivity(ctx, {
      logName: "notes",
      description: `Added a note on ${input.noteable_type === "jobs" ? "job" : "user"} #${input.noteable_id}`,
      subjectType: input.noteable_type,
      subjectId: input.noteable_id,
      properties: { noteId: row.id },
    });
    return row;
  });
  return toView(note, actor.name, await viewerZone(ctx, note.noteableType, note.noteableId), true);
}

export const saveJobNoteInput = z.object({
  job_id: optionalId,
  note: comment,
});

/** POST jobs/save-note (job_id, note): spec §5 "saving a job note needs a loaded job". */
export async function saveJobNote(ctx: Ctx, raw: unknown): Promise<NoteView> {
  await assertMayUseNotes(ctx);
  const input = parseInput(saveJobNoteInput, raw);
  if (!input.job_id)
    throw new ValidationError("Open a job before saving a note on it.", {
      job_id: ["The job_id field is required."],
    });
  return createNote(ctx, { noteable_id: input.job_id, noteable_type: "jobs", comment: input.note });
}

/** A note the actor may see, read under `FOR UPDATE` in the writing verb's transaction. */
async function loadNote(ctx: TxCtx, noteId: unknown) {
  const actor = requireUser(ctx);
  const id = parseId(noteId, "Note");
  const [note] = await ctx.db
    .select()
    .from(schema.notes)
    .where(eq(schema.notes.id, id))
    .for("update");
  if (!note) throw new NotFoundError("Note not found.");
  // Invisible job: 404 (from the loader); visible but not allowed: 403.
  await assertNoteable(ctx, note.noteableType, note.noteableId, true);
  return { note, actor };
}

export const updateNoteInput = z.object({ comment });

/** PUT notes/{id}: the author, an administrator or a job editor. */
export async function updateNote(ctx: Ctx, noteId: unknown, raw: unknown): Promise<NoteView> {
  const { note, updated } = await withTx(ctx, async (ctx) => {
    const { note, actor } = await loadNote(ctx, noteId);
    if (!mayEdit(ctx, actor, note.createdById))
      throw new ForbiddenError("Only the author can change this note.");
    const input = parseInput(updateNoteInput, raw);
    const [row] = await ctx.db
      .update(schema.notes)
      .set({ comment: input.comment, updatedAt: ctx.now })
      .where(eq(schema.notes.id, note.id))
      .returning();
    await logActivity(ctx, {
      logName: "notes",
      description: `Edited note #${note.id}`,
      subjectType: note.noteableType,
      subjectId: note.noteableId,
      properties: { noteId: note.id },
    });
    return { note, updated: row };
  });
  const [author] = note.createdById
    ? await ctx.db
        .select({ name: schema.users.name })
        .from(schema.users)
        .where(eq(schema.users.id, note.createdById))
    : [];
  return toView(
    updated,
    author?.name ?? null,
    await viewerZone(ctx, note.noteableType, note.noteableId),
    true,
  );
}

/** DELETE notes/{id}. */
export async function deleteNote(ctx: Ctx, noteId: unknown) {
  return withTx(ctx, async (ctx) => {
    const { note, actor } = await loadNote(ctx, noteId);
    if (!mayEdit(ctx, actor, note.createdById))
      throw new ForbiddenError("Only the author can delete this note.");
    await ctx.db.delete(schema.notes).where(eq(schema.notes.id, note.id));
    await logActivity(ctx, {
      logName: "notes",
      description: `Deleted note #${note.id}`,
      subjectType: note.noteableType,
      subjectId: note.noteableId,
      properties: { noteId: note.id },
    });
    // The message names what the note was on: "Note on William Berg deleted".
    const on = note.noteableType === "jobs" ? schema.jobs : schema.users;
    const [subject] = await ctx.db
      .select({ name: on.name })
      .from(on)
      .where(eq(on.id, note.noteableId));
    return {
      id: note.id,
      message: `Note${subject ? ` on ${toastName(subject.name)}` : ""} deleted`,
    };
  });
}

export const pinNoteInput = z.object({ noteId: idSchema });

/** POST jobs/pin-note (noteId): pins, or unpins a pinned note. Pinned notes list first. */
export async function pinNote(ctx: Ctx, raw: unknown) {
  await assertMayUseNotes(ctx);
  const { noteId } = parseInput(pinNoteInput, raw);
  return withTx(ctx, async (ctx) => {
    // Read under the lock: two pins at once toggle twice, not once.
    const { note } = await loadNote(ctx, noteId);
    const isPinned = !note.isPinned;
    await ctx.db.update(schema.notes).set({ isPinned }).where(eq(schema.notes.id, note.id));
    await logActivity(ctx, {
      logName: "notes",
      description: `${isPinned ? "Pinned" : "Unpinned"} note #${note.id}`,
      subjectType: note.noteableType,
      subjectId: note.noteableId,
      properties: { noteId: note.id },
    });
    return { id: note.id, is_pinned: isPinned };
  });
}

"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  deleteNote,
  pinNote,
  pinNoteInput,
  saveJobNote,
  saveJobNoteInput,
  updateNote,
  updateNoteInput,
} from "@/lib/services/notes";

// Saving and pinning look at the caller before they parse (issue 27): they get the input as sent,
// so a caller without access hears 403 rather than which fields were wrong.
export async function addJobNote(jobId: number, note: z.input<typeof saveJobNoteInput>["note"]) {
  return runAction((ctx) => saveJobNote(ctx, { job_id: jobId, note }));
}

export async function editNote(
  noteId: number,
  comment: z.input<typeof updateNoteInput>["comment"],
) {
  return runParsed(updateNoteInput, { comment }, (ctx, input) => updateNote(ctx, noteId, input));
}

export async function removeNote(noteId: number) {
  return runAction((ctx) => deleteNote(ctx, noteId));
}

export async function togglePin(noteId: z.input<typeof pinNoteInput>["noteId"]) {
  return runAction((ctx) => pinNote(ctx, { noteId }));
}

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

export async function addJobNote(jobId: number, note: z.input<typeof saveJobNoteInput>["note"]) {
  return runParsed(saveJobNoteInput, { job_id: jobId, note }, saveJobNote);
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
  return runParsed(pinNoteInput, { noteId }, pinNote);
}

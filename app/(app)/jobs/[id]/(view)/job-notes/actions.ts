"use server";

import { runAction } from "@/lib/http/action";
import { deleteNote, pinNote, saveJobNote, updateNote } from "@/lib/services/notes";

export async function addJobNote(jobId: number, note: string) {
  return runAction((ctx) => saveJobNote(ctx, { job_id: jobId, note }));
}

export async function editNote(noteId: number, comment: string) {
  return runAction((ctx) => updateNote(ctx, noteId, { comment }));
}

export async function removeNote(noteId: number) {
  return runAction((ctx) => deleteNote(ctx, noteId));
}

export async function togglePin(noteId: number) {
  return runAction((ctx) => pinNote(ctx, { noteId }));
}

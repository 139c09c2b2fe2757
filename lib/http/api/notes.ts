import { endpoint } from "../endpoint";
import {
  createNote,
  createNoteInput,
  deleteNote,
  listNotes,
  notesListInput,
  pinNote,
  pinNoteInput,
  saveJobNote,
  saveJobNoteInput,
  updateNote,
  updateNoteInput,
} from "@/lib/services/notes";

export const getNotes = endpoint({
  method: "GET",
  path: "/notes",
  summary:
    "Notes on a job or user: filter[noteable_id], filter[noteable_type] (jobs|users); pinned first",
  tag: "notes",
  auth: "user",
  query: notesListInput,
  paginated: true,
  run: (ctx, { query }) => listNotes(ctx, query),
});

export const postNote = endpoint({
  method: "POST",
  path: "/notes",
  summary: "Add a note (noteable_id, noteable_type, comment)",
  tag: "notes",
  auth: "user",
  body: createNoteInput,
  status: 201,
  run: (ctx, { body }) => createNote(ctx, body),
});

export const putNote = endpoint<{ id: string }>({
  method: "PUT",
  path: "/notes/{id}",
  summary: "Change a note's text",
  tag: "notes",
  auth: "user",
  body: updateNoteInput,
  run: (ctx, { params, body }) => updateNote(ctx, params.id, body),
});

export const deleteNoteEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/notes/{id}",
  summary: "Delete a note",
  tag: "notes",
  auth: "user",
  run: (ctx, { params }) => deleteNote(ctx, params.id),
});

export const postJobNote = endpoint({
  method: "POST",
  path: "/jobs/save-note",
  summary: "Add a note to a job (job_id, note)",
  tag: "notes",
  auth: "user",
  body: saveJobNoteInput,
  status: 201,
  run: (ctx, { body }) => saveJobNote(ctx, body),
});

export const postPinNote = endpoint({
  method: "POST",
  path: "/jobs/pin-note",
  summary: "Pin a note, or unpin a pinned one (noteId)",
  tag: "notes",
  auth: "user",
  body: pinNoteInput,
  run: (ctx, { body }) => pinNote(ctx, body),
});

export const noteEndpoints = [
  getNotes,
  postNote,
  putNote,
  deleteNoteEndpoint,
  postJobNote,
  postPinNote,
];

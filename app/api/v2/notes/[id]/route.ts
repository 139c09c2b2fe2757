import { handle } from "@/lib/http/endpoint";
import { deleteNoteEndpoint, putNote } from "@/lib/http/api/notes";

export const PUT = handle(putNote);
export const DELETE = handle(deleteNoteEndpoint);

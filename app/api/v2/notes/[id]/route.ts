import { route } from "@/lib/http/route";
import { deleteNoteEndpoint, putNote } from "@/lib/http/api/notes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(putNote, deleteNoteEndpoint);

import { route } from "@/lib/http/route";
import { getNotes, postNote } from "@/lib/http/api/notes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getNotes, postNote);

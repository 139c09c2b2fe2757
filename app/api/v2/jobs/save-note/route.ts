import { route } from "@/lib/http/route";
import { postJobNote } from "@/lib/http/api/notes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postJobNote);

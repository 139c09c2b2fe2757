import { route } from "@/lib/http/route";
import { postPinNote } from "@/lib/http/api/notes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postPinNote);

import { handle } from "@/lib/http/endpoint";
import { postJobNote } from "@/lib/http/api/notes";

export const POST = handle(postJobNote);

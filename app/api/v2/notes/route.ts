import { handle } from "@/lib/http/endpoint";
import { getNotes, postNote } from "@/lib/http/api/notes";

export const GET = handle(getNotes);
export const POST = handle(postNote);

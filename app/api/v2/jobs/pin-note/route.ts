import { handle } from "@/lib/http/endpoint";
import { postPinNote } from "@/lib/http/api/notes";

export const POST = handle(postPinNote);

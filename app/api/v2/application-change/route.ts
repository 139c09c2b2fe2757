import { handle } from "@/lib/http/endpoint";
import { postApplicationChange } from "@/lib/http/api/applications";

export const POST = handle(postApplicationChange);

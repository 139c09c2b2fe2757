import { handle } from "@/lib/http/endpoint";
import { postDisapprove } from "@/lib/http/api/hours";

export const POST = handle(postDisapprove);

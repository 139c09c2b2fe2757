import { handle } from "@/lib/http/endpoint";
import { postApprove } from "@/lib/http/api/hours";

export const POST = handle(postApprove);

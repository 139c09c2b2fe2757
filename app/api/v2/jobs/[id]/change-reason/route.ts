import { handle } from "@/lib/http/endpoint";
import { postJobReason } from "@/lib/http/api/jobs";

export const POST = handle(postJobReason);

import { handle } from "@/lib/http/endpoint";
import { postJobStatus } from "@/lib/http/api/jobs";

export const POST = handle(postJobStatus);

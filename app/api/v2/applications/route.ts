import { handle } from "@/lib/http/endpoint";
import { postApplications } from "@/lib/http/api/applications";

export const POST = handle(postApplications);

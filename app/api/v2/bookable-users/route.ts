import { handle } from "@/lib/http/endpoint";
import { getBookableUsers } from "@/lib/http/api/applications";

export const GET = handle(getBookableUsers);

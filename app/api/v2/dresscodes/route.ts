import { handle } from "@/lib/http/endpoint";
import { getDressCodes, postDressCode } from "@/lib/http/api/dresscodes";

export const GET = handle(getDressCodes);
export const POST = handle(postDressCode);

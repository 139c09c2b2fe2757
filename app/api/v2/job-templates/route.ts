import { handle } from "@/lib/http/endpoint";
import { getTemplates, postTemplate } from "@/lib/http/api/templates";

export const GET = handle(getTemplates);
export const POST = handle(postTemplate);

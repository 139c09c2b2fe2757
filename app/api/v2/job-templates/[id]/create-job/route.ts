import { handle } from "@/lib/http/endpoint";
import { postJobFromTemplate } from "@/lib/http/api/templates";

export const POST = handle(postJobFromTemplate);

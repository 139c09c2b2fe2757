import { handle } from "@/lib/http/endpoint";
import { deleteTemplateEndpoint, getTemplateEndpoint, putTemplate } from "@/lib/http/api/templates";

export const GET = handle(getTemplateEndpoint);
export const PUT = handle(putTemplate);
export const DELETE = handle(deleteTemplateEndpoint);

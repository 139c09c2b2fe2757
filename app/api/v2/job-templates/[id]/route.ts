import { route } from "@/lib/http/route";
import { deleteTemplateEndpoint, getTemplateEndpoint, putTemplate } from "@/lib/http/api/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getTemplateEndpoint,
  putTemplate,
  deleteTemplateEndpoint,
);

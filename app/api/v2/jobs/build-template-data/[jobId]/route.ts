import { handle } from "@/lib/http/endpoint";
import { getBuildTemplateData } from "@/lib/http/api/templates";

export const GET = handle(getBuildTemplateData);

import { handle } from "@/lib/http/endpoint";
import { deleteApplicationEndpoint, putApplication } from "@/lib/http/api/applications";

export const PUT = handle(putApplication);
export const DELETE = handle(deleteApplicationEndpoint);

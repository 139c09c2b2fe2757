import { route } from "@/lib/http/route";
import { deleteApplicationEndpoint, putApplication } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  putApplication,
  deleteApplicationEndpoint,
);

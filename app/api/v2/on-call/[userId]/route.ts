import { route } from "@/lib/http/route";
import { deleteOnCall } from "@/lib/http/api/records";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteOnCall);

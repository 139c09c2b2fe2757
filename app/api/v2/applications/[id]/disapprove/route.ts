import { route } from "@/lib/http/route";
import { postDisapprove } from "@/lib/http/api/hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postDisapprove);

import { route } from "@/lib/http/route";
import { getSearchBookers } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSearchBookers);

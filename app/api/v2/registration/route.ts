import { route } from "@/lib/http/route";
import { postRegistration } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postRegistration);

import { route } from "@/lib/http/route";
import { getSignUpOptions } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSignUpOptions);

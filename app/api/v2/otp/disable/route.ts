import { route } from "@/lib/http/route";
import { postOtpDisable } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postOtpDisable);

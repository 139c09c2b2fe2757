import { route } from "@/lib/http/route";
import { getOtp, postOtp } from "@/lib/http/api/auth";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getOtp, postOtp);

import { handle } from "@/lib/http/endpoint";
import { getOtp, postOtp } from "@/lib/http/api/auth";

export const GET = handle(getOtp);
export const POST = handle(postOtp);

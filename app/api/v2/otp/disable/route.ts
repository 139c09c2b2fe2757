import { handle } from "@/lib/http/endpoint";
import { postOtpDisable } from "@/lib/http/api/auth";

export const POST = handle(postOtpDisable);

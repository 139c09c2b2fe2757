import { handle } from "@/lib/http/endpoint";
import { postCheckIn } from "@/lib/http/api/worker";

export const POST = handle(postCheckIn);

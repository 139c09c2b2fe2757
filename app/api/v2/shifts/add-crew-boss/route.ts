import { handle } from "@/lib/http/endpoint";
import { postAddCrewBoss } from "@/lib/http/api/shifts";

export const POST = handle(postAddCrewBoss);

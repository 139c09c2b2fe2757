import { handle } from "@/lib/http/endpoint";
import { postRemoveCrewBoss } from "@/lib/http/api/shifts";

export const POST = handle(postRemoveCrewBoss);

import { handle } from "@/lib/http/endpoint";
import { getSkills } from "@/lib/http/api/reference";

export const GET = handle(getSkills);

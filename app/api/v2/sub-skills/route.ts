import { handle } from "@/lib/http/endpoint";
import { getSubSkills } from "@/lib/http/api/reference";

export const GET = handle(getSubSkills);

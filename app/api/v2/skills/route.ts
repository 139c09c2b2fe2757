import { route } from "@/lib/http/route";
import { getSkills } from "@/lib/http/api/reference";
import { postSkill } from "@/lib/http/api/skills";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSkills, postSkill);

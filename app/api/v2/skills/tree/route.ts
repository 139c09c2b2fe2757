import { route } from "@/lib/http/route";
import { getSkillTree } from "@/lib/http/api/skills";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSkillTree);

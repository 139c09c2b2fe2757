import { route } from "@/lib/http/route";
import { postSkillWeights } from "@/lib/http/api/skills";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSkillWeights);

import { route } from "@/lib/http/route";
import { deleteSkillEndpoint, getSkillEndpoint, putSkill } from "@/lib/http/api/skills";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getSkillEndpoint,
  putSkill,
  deleteSkillEndpoint,
);

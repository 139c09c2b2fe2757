import { route } from "@/lib/http/route";
import { postCompanyPreferredSkills } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postCompanyPreferredSkills);

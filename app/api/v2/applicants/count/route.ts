import { route } from "@/lib/http/route";
import { getApplicantsCount } from "@/lib/http/api/applicants";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getApplicantsCount);

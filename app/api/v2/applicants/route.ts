import { route } from "@/lib/http/route";
import { getApplicants } from "@/lib/http/api/applicants";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getApplicants);

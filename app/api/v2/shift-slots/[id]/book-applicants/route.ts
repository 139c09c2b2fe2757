import { route } from "@/lib/http/route";
import { postBookApplicants } from "@/lib/http/api/applications";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postBookApplicants);

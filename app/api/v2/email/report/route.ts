import { route } from "@/lib/http/route";
import { postReportEmailChange } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postReportEmailChange);

import { route } from "@/lib/http/route";
import { postSalaryAll } from "@/lib/http/api/salary-runs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSalaryAll);

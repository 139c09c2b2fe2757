import { route } from "@/lib/http/route";
import { getCurrentSalaryRun } from "@/lib/http/api/salary-lists";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCurrentSalaryRun);

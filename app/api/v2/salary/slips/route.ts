import { route } from "@/lib/http/route";
import { getPaySlips } from "@/lib/http/api/salary";
import { postSalarySlips } from "@/lib/http/api/salary-exports";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPaySlips, postSalarySlips);

import { route } from "@/lib/http/route";
import { getSalaryReport } from "@/lib/http/api/salary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSalaryReport);

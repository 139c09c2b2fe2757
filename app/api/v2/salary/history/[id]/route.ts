import { route } from "@/lib/http/route";
import { getSalaryHistoryFile } from "@/lib/http/api/salary-exports";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSalaryHistoryFile);

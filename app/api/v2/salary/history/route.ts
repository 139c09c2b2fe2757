import { route } from "@/lib/http/route";
import { getSalaryHistory, postSalaryHistory } from "@/lib/http/api/salary-exports";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getSalaryHistory,
  postSalaryHistory,
);

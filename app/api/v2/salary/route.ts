import { route } from "@/lib/http/route";
import { getSalary } from "@/lib/http/api/salary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getSalary);

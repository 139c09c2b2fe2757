import { route } from "@/lib/http/route";
import { postSalaryPay } from "@/lib/http/api/salary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSalaryPay);

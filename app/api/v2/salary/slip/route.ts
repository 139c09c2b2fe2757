import { route } from "@/lib/http/route";
import { getPaySlip } from "@/lib/http/api/salary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPaySlip);

import { route } from "@/lib/http/route";
import { getPaySlipsList } from "@/lib/http/api/salary-lists";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPaySlipsList);

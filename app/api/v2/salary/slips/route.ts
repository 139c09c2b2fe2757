import { route } from "@/lib/http/route";
import { getPaySlips } from "@/lib/http/api/salary";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getPaySlips);

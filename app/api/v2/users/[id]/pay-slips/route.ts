import { route } from "@/lib/http/route";
import { getWorkerPaySlips } from "@/lib/http/api/worker-slips";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWorkerPaySlips);

import { route } from "@/lib/http/route";
import { postWorkerRatesSave } from "@/lib/http/api/rates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postWorkerRatesSave);

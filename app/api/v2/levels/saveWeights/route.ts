import { route } from "@/lib/http/route";
import { postLevelWeights } from "@/lib/http/api/levels";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postLevelWeights);

import { route } from "@/lib/http/route";
import { postArticleWeights } from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postArticleWeights);

import { route } from "@/lib/http/route";
import { getArticles, postArticle } from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getArticles, postArticle);

import { route } from "@/lib/http/route";
import { deleteArticleEndpoint, getArticleEndpoint, putArticle } from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getArticleEndpoint,
  putArticle,
  deleteArticleEndpoint,
);

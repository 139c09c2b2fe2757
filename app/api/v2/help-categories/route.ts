import { route } from "@/lib/http/route";
import { getHelpCategories, postHelpCategory } from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getHelpCategories,
  postHelpCategory,
);

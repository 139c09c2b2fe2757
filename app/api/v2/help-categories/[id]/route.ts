import { route } from "@/lib/http/route";
import {
  deleteHelpCategoryEndpoint,
  getHelpCategoryEndpoint,
  putHelpCategory,
} from "@/lib/http/api/help";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getHelpCategoryEndpoint,
  putHelpCategory,
  deleteHelpCategoryEndpoint,
);

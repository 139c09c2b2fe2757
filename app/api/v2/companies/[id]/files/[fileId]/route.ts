import { route } from "@/lib/http/route";
import { deleteCompanyFileEndpoint, getCompanyFile } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getCompanyFile,
  deleteCompanyFileEndpoint,
);

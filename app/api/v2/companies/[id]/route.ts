import { route } from "@/lib/http/route";
import { deleteCompanyEndpoint, getCompanyById, putCompany } from "@/lib/http/api/companies";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getCompanyById,
  putCompany,
  deleteCompanyEndpoint,
);

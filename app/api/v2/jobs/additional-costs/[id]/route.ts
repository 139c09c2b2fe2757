import { route } from "@/lib/http/route";
import { deleteAdditionalCostEndpoint, getAdditionalCosts } from "@/lib/http/api/additional-costs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getAdditionalCosts,
  deleteAdditionalCostEndpoint,
);

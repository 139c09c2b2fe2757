import { route } from "@/lib/http/route";
import { getEquipmentCategories, postEquipmentCategory } from "@/lib/http/api/equipment-categories";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getEquipmentCategories,
  postEquipmentCategory,
);

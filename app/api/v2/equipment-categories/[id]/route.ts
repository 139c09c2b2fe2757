import { route } from "@/lib/http/route";
import {
  deleteEquipmentCategoryEndpoint,
  getEquipmentCategoryEndpoint,
  putEquipmentCategory,
} from "@/lib/http/api/equipment-categories";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getEquipmentCategoryEndpoint,
  putEquipmentCategory,
  deleteEquipmentCategoryEndpoint,
);

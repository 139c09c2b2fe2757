import { route } from "@/lib/http/route";
import {
  deleteUnavailableDays,
  getUnavailableDays,
  postUnavailableDays,
} from "@/lib/http/api/user-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getUnavailableDays,
  postUnavailableDays,
  deleteUnavailableDays,
);

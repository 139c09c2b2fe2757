import { route } from "@/lib/http/route";
import { getRememberedDevices, deleteRememberedDevices } from "@/lib/http/api/account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getRememberedDevices,
  deleteRememberedDevices,
);

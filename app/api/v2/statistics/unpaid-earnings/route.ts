import { route } from "@/lib/http/route";
import { getUnpaidEarnings } from "@/lib/http/api/users-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUnpaidEarnings);

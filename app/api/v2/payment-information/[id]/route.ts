import { route } from "@/lib/http/route";
import { getPaymentInformation, putPaymentInformation } from "@/lib/http/api/users-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getPaymentInformation,
  putPaymentInformation,
);

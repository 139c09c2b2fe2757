import { route } from "@/lib/http/route";
import {
  deleteDressCodeEndpoint,
  getDressCodeEndpoint,
  putDressCode,
} from "@/lib/http/api/dresscodes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getDressCodeEndpoint,
  putDressCode,
  deleteDressCodeEndpoint,
);

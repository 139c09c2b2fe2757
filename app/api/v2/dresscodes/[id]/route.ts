import { handle } from "@/lib/http/endpoint";
import {
  deleteDressCodeEndpoint,
  getDressCodeEndpoint,
  putDressCode,
} from "@/lib/http/api/dresscodes";

export const GET = handle(getDressCodeEndpoint);
export const PUT = handle(putDressCode);
export const DELETE = handle(deleteDressCodeEndpoint);

import { route } from "@/lib/http/route";
import { getCrewListPdf } from "@/lib/http/api/crew";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getCrewListPdf);

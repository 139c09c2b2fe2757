import { handle } from "@/lib/http/endpoint";
import { getCrewListPdf } from "@/lib/http/api/crew";

export const GET = handle(getCrewListPdf);

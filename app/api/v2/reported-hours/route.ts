import { handle } from "@/lib/http/endpoint";
import { postReportedHours } from "@/lib/http/api/hours";

export const POST = handle(postReportedHours);

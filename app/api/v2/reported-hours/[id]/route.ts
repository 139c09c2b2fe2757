import { handle } from "@/lib/http/endpoint";
import { deleteReportedHoursEndpoint, putReportedHours } from "@/lib/http/api/hours";

export const PUT = handle(putReportedHours);
export const DELETE = handle(deleteReportedHoursEndpoint);

import { route } from "@/lib/http/route";
import { deleteReportedHoursEndpoint, putReportedHours } from "@/lib/http/api/hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  putReportedHours,
  deleteReportedHoursEndpoint,
);

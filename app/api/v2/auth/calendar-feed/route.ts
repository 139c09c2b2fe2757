import { route } from "@/lib/http/route";
import {
  deleteCalendarFeed,
  getCalendarFeedStatus,
  postCalendarFeed,
} from "@/lib/http/api/user-calendar";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  getCalendarFeedStatus,
  postCalendarFeed,
  deleteCalendarFeed,
);

import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  calendarFilterInput,
  calendarFilterWorkers,
  disableFeed,
  feedStatus,
  issueFeed,
  readFeed,
} from "@/lib/services/user-calendar";

/**
 * The user calendar's worker picker and the private calendar feed (issue 25). Its management
 * sits with the security tab's other calls under auth/ (the caller's own, no body); the feed
 * itself (GET calendar-feed/{token}.ics) is public: the token in its path is the only credential.
 */

export const getUsersCalendarFilter = endpoint({
  method: "GET",
  path: "/users-calendar-filter",
  summary:
    "The calendar's worker picker: active workers whose name contains userName, by name, at " +
    "most limit (≤ 20, default 20). Office users with calendar_access; others 403",
  tag: "calendar",
  auth: "user",
  query: calendarFilterInput,
  run: (ctx, { query }) => calendarFilterWorkers(ctx, query),
});

export const getCalendarFeedStatus = endpoint({
  method: "GET",
  path: "/auth/calendar-feed",
  summary: "Whether the caller's private calendar feed is on (enabled, created_at, last_used_at)",
  tag: "calendar",
  auth: "user",
  run: (ctx) => feedStatus(ctx),
});

export const postCalendarFeed = endpoint({
  method: "POST",
  path: "/auth/calendar-feed",
  summary:
    "Turn the caller's calendar feed on, or give it a new address (the old one stops at " +
    "once). Answers { message, data: { url } }: the address is shown only this once",
  tag: "calendar",
  auth: "user",
  run: async (ctx) => NextResponse.json(await issueFeed(ctx)),
});

export const deleteCalendarFeed = endpoint({
  method: "DELETE",
  path: "/auth/calendar-feed",
  summary: "Turn the caller's calendar feed off: its address answers 404 from now on",
  tag: "calendar",
  auth: "user",
  run: async (ctx) => NextResponse.json(await disableFeed(ctx)),
});

export const getCalendarFeed = endpoint<{ token: string }>({
  method: "GET",
  path: "/calendar-feed/{token}",
  summary:
    "The calendar feed (text/calendar, iCal) at the address POST auth/calendar-feed gave " +
    "({token}.ics): the owner's booked shifts from 60 days ago on. No sign-in: the token is " +
    "the credential. Unknown, replaced or turned-off token, or a deactivated owner: 404",
  tag: "calendar",
  auth: "public",
  run: async (ctx, { params }) =>
    new Response(await readFeed(ctx.db, params.token, { now: ctx.now, ip: ctx.ip }), {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="crewdeck-shifts.ics"',
        "cache-control": "private, no-store",
      },
    }),
});

export const userCalendarEndpoints: Endpoint[] = [
  getUsersCalendarFilter as Endpoint,
  getCalendarFeedStatus as Endpoint,
  postCalendarFeed as Endpoint,
  deleteCalendarFeed as Endpoint,
  getCalendarFeed as Endpoint,
];

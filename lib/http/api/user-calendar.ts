import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  calendarFilterInput,
  calendarFilterWorkers,
  disableFeed,
  feedStatus,
  issueFeed,
  issueFeedInput,
  listUnavailableDays,
  markUnavailableDays,
  markUnavailableInput,
  readFeed,
  unavailableMonthInput,
  unmarkUnavailableDays,
  unmarkUnavailableInput,
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
    'Turn the caller\'s calendar feed on (intent "turn_on"; 409 when it is on), or give it a ' +
    'new address (intent "new_address"; the old one stops at once; 404 when it is off). ' +
    "Answers { message, data: { url } }: the address is shown only this once",
  tag: "calendar",
  auth: "user",
  body: issueFeedInput,
  run: async (ctx, { body }) => NextResponse.json(await issueFeed(ctx, body)),
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

const UNAVAILABLE_SCOPE =
  "The worker itself, or the office that may edit its profile (user_create; without it 403); " +
  "anyone else, and a user who is no worker, 404";

export const getUnavailableDays = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}/unavailable-days",
  summary:
    "The days a worker marked unavailable in one month (month=YYYY-MM; missing or bad: the " +
    "current month): { user, month, next, days: [{ date, note, label }] }. The worker itself " +
    "or the office; anyone else 404",
  tag: "calendar",
  auth: "user",
  query: unavailableMonthInput,
  run: (ctx, { params, query }) => listUnavailableDays(ctx, params.id, query.month),
});

export const postUnavailableDays = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/{id}/unavailable-days",
  summary:
    "Mark the days from..to (YYYY-MM-DD; no `to`: one day) unavailable, with an optional note " +
    "(≤ 200 characters). At most 62 days; a day before today: 422. Days already marked stay " +
    "marked and take the new note. Answers { message, data: { from, to, days, added } }. " +
    UNAVAILABLE_SCOPE,
  tag: "calendar",
  auth: "user",
  body: markUnavailableInput,
  run: async (ctx, { params, body }) =>
    NextResponse.json(await markUnavailableDays(ctx, params.id, body)),
});

export const deleteUnavailableDays = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/users/{id}/unavailable-days",
  summary:
    "Unmark the days from..to (JSON body; YYYY-MM-DD, no `to`: one day, at most 62; past days " +
    "too). Days not marked are no error. Answers { message, data: { from, to, removed } }. " +
    UNAVAILABLE_SCOPE,
  tag: "calendar",
  auth: "user",
  body: unmarkUnavailableInput,
  run: async (ctx, { params, body }) =>
    NextResponse.json(await unmarkUnavailableDays(ctx, params.id, body)),
});

export const userCalendarEndpoints: Endpoint[] = [
  getUsersCalendarFilter as Endpoint,
  getCalendarFeedStatus as Endpoint,
  postCalendarFeed as Endpoint,
  deleteCalendarFeed as Endpoint,
  getCalendarFeed as Endpoint,
  getUnavailableDays as Endpoint,
  postUnavailableDays as Endpoint,
  deleteUnavailableDays as Endpoint,
];

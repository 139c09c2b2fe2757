import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { realtimeStreamFor, realtimeToken } from "@/lib/services/realtime";

/**
 * The realtime port's two calls (DESIGN.md §7; issue 26): the default server-sent event
 * stream, and the Ably token request when ABLY_API_KEY is set.
 */

export const getRealtimeStream = endpoint({
  method: "GET",
  path: "/realtime/stream",
  summary:
    "The caller's live events (text/event-stream): new-message (id: the message id) and read. " +
    "With Last-Event-ID (EventSource sends it on reconnect) or ?after=ID, first the caller's " +
    "chat messages after it (at most 200, oldest first), then live events, each message once. " +
    "A heartbeat comment every 25 s. At most 5 streams per user: 429 beyond",
  tag: "realtime",
  auth: "user",
  run: (ctx, { request }) =>
    realtimeStreamFor(ctx, {
      lastEventId: request.headers.get("last-event-id"),
      after: request.nextUrl.searchParams.get("after"),
      signal: request.signal,
    }),
});

export const getRealtimeToken = endpoint({
  method: "GET",
  path: "/realtime/token",
  summary:
    "An Ably TokenRequest for the caller's browser (ABLY_API_KEY set): clientId the user id, " +
    'capability only { "private:user-<id>": ["subscribe"] }. Without Ably: 404',
  tag: "realtime",
  auth: "user",
  run: async (ctx) => NextResponse.json(await realtimeToken(ctx)),
});

export const realtimeEndpoints = [getRealtimeStream, getRealtimeToken] as Endpoint[];

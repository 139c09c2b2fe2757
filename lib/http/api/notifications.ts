import { NextResponse } from "next/server";
import { z } from "zod";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { listUserMessages, userMessagesInput } from "@/lib/services/notifications/messages";
import { unsubscribe } from "@/lib/services/notifications/unsubscribe";

/** Issue 26 "Notifications": the one-click unsubscribe (RFC 8058) and a user's sent e-mails. */

export const postUnsubscribe = endpoint({
  method: "POST",
  path: "/unsubscribe",
  summary:
    "One-click unsubscribe (RFC 8058; the List-Unsubscribe address of every notification " +
    "e-mail): turns off the e-mail category the signed token names, for its user. No sign-in: " +
    "the token is the credential. A bad or forged token: 400, nothing changed. Answers " +
    "{ message, data: { category, label, on } }",
  tag: "notifications",
  auth: "public",
  query: z.object({ token: z.string().optional() }),
  run: async (ctx, { query }) => {
    const { message, ...data } = await unsubscribe(ctx, query.token);
    return NextResponse.json({ message, data });
  },
});

export const getUserMessages = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}/messages",
  summary:
    "[view_user_activity] The e-mails sent to a user, newest first, 10 a page: created_at, " +
    "sent_at, subject, category (and its label), status (queued, sent, failed). Never a body; a " +
    "chat digest shows its category, not who wrote. 404 outside the viewer's scope",
  tag: "notifications",
  auth: "user",
  query: userMessagesInput,
  paginated: true,
  run: (ctx, { params, query }) => listUserMessages(ctx, params.id, query),
});

export const notificationEndpoints = [postUnsubscribe, getUserMessages] as Endpoint[];

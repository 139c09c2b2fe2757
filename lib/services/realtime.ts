import "server-only";
import { ablyEnabled, ablyTokenRequest } from "@/lib/realtime/ably";
import { realtimeHub } from "@/lib/realtime/server";
import { parseAfter } from "@/lib/realtime/session";
import { realtimeStream } from "@/lib/realtime/stream";
import { NotFoundError, ServiceUnavailableError } from "./errors";
import { requireUser, type Ctx } from "./context";

export const NO_ABLY = "Live updates come from this server here: there is no Ably token to give.";
export const LIVE_UNAVAILABLE = "Live updates are unavailable right now. Please try again shortly.";

/** The signed-in caller's own event stream (any role: everyone has a private channel). */
export async function realtimeStreamFor(
  ctx: Ctx,
  input: { lastEventId: string | null; after: string | null; signal: AbortSignal },
): Promise<Response> {
  const user = requireUser(ctx);
  // The listener could not connect (database restarting): the browser retries later.
  const hub = await realtimeHub().catch((err: unknown) => {
    console.error("[realtime] could not listen", err);
    throw new ServiceUnavailableError(LIVE_UNAVAILABLE, 10, "realtime_unavailable");
  });
  return realtimeStream({
    db: ctx.db,
    hub,
    userId: user.userId,
    after: parseAfter(input.lastEventId, input.after),
    signal: input.signal,
  });
}

/** The Ably token request for the caller's own channel; 404 when Ably is not configured. */
export async function realtimeToken(ctx: Ctx): Promise<unknown> {
  const user = requireUser(ctx);
  if (!ablyEnabled()) throw new NotFoundError(NO_ABLY);
  return ablyTokenRequest(user.userId);
}

import "server-only";
import type { Db } from "@/db";
import { TooManyRequestsError } from "@/lib/services/errors";
import { missedMessages } from "./catch-up";
import type { RealtimeHub } from "./hub";
import { SSE_HEARTBEAT, StreamSession } from "./session";

export const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

export const TOO_MANY_STREAMS =
  "Too many live connections are open for your account. Close a tab and try again.";

export interface StreamOptions {
  db: Db;
  hub: RealtimeHub;
  userId: number;
  /** The last message id the client has: catch up after it. */
  after: number | null;
  /** The request's signal: the client went away. */
  signal: AbortSignal;
  heartbeatMs?: number;
}

/**
 * The caller's live events as text/event-stream (DESIGN.md §7 realtime port, SSE adapter).
 * Subscribes first, then sends what was missed after `after`, then live events (StreamSession
 * orders and de-duplicates). A heartbeat comment keeps proxies from closing an idle stream;
 * the subscription ends when the client goes away.
 */
export function realtimeStream(opts: StreamOptions): Response {
  const { db, hub, userId, signal } = opts;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  const write = (chunk: string) => {
    if (closed || !controller) return;
    try {
      controller.enqueue(encoder.encode(chunk));
    } catch {
      cleanup();
    }
  };
  const session = new StreamSession(write, opts.after);
  const unsubscribe = hub.subscribe(userId, (e) => session.live(e));
  if (!unsubscribe) throw new TooManyRequestsError(TOO_MANY_STREAMS, 30);

  const catchUp = async (after: number | null, resend: boolean) => {
    if (after === null) return resend ? undefined : session.catchUp([]);
    try {
      const missed = await missedMessages(db, userId, after);
      if (resend) session.resend(missed);
      else session.catchUp(missed);
    } catch (err) {
      console.error("[realtime] catch-up failed", err);
      if (!resend) session.catchUp([]);
    }
  };
  // The listener lost NOTIFYs while reconnecting: send what was committed meanwhile.
  const stopResync = hub.onResync(() => void catchUp(session.lastId, true));

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => write(SSE_HEARTBEAT), opts.heartbeatMs ?? HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        stopResync();
        signal.removeEventListener("abort", cleanup);
        try {
          c.close();
        } catch {
          // Already closed or errored by the consumer.
        }
      };
      if (signal.aborted) cleanup();
      else signal.addEventListener("abort", cleanup);
      void catchUp(opts.after, false);
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: compression (next start's gzip) would hold events back in its buffer.
      "cache-control": "no-cache, no-transform",
      // nginx and similar proxies buffer responses unless told not to.
      "x-accel-buffering": "no",
    },
  });
}

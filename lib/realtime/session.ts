import type { RealtimeEvent } from "./events";

/** Message ids a stream remembers having sent (for de-duplication); older ones are dropped. */
const REMEMBERED_IDS = 2000;

/** One server-sent event: `id:` only for new-message (its message id), data the event itself. */
export function formatSse(event: RealtimeEvent, id: number | null): string {
  return `${id === null ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

/** A heartbeat: a comment line, which EventSource ignores but which keeps proxies from closing. */
export const SSE_HEARTBEAT = ": ping\n\n";

/**
 * The order and de-duplication of one stream. It subscribes first and buffers live events
 * while the catch-up query runs (so nothing committed meanwhile falls between the two), then
 * sends the catch-up, then the buffer, then live events, each message once: a message sent in
 * the catch-up and heard live again, or already seen by the client (id ≤ after), is skipped.
 * `id:` never goes backwards, so a reconnect's Last-Event-ID is the highest message sent.
 */
export class StreamSession {
  private readonly sent = new Set<number>();
  private buffer: RealtimeEvent[] | null = [];
  /** The highest message id the client has (from Last-Event-ID) or was sent. */
  lastId: number | null;
  private readonly floor: number | null;

  constructor(
    private readonly write: (chunk: string) => void,
    after: number | null,
  ) {
    this.lastId = after;
    this.floor = after;
  }

  /** A live event from the hub. */
  live(event: RealtimeEvent): void {
    if (this.buffer) this.buffer.push(event);
    else this.send(event);
  }

  /** The catch-up's events (oldest first); then the buffered live events; then live. */
  catchUp(events: readonly RealtimeEvent[]): void {
    for (const e of events) this.send(e);
    const buffered = this.buffer ?? [];
    this.buffer = null;
    for (const e of buffered) this.send(e);
  }

  /** Events sent again after a gap (the listener reconnected) go through the same filter. */
  resend(events: readonly RealtimeEvent[]): void {
    for (const e of events) this.send(e);
  }

  private send(event: RealtimeEvent): void {
    if (event.type !== "new-message") {
      this.write(formatSse(event, null));
      return;
    }
    const id = event.message_id;
    if (this.sent.has(id) || (this.floor !== null && id <= this.floor)) return;
    this.remember(id);
    this.lastId = this.lastId === null ? id : Math.max(this.lastId, id);
    this.write(formatSse(event, this.lastId));
  }

  private remember(id: number): void {
    this.sent.add(id);
    if (this.sent.size <= REMEMBERED_IDS) return;
    // Sets iterate in insertion order: drop the oldest half.
    let drop = REMEMBERED_IDS / 2;
    for (const old of this.sent) {
      if (drop-- <= 0) break;
      this.sent.delete(old);
    }
  }
}

/**
 * Where a stream starts: the Last-Event-ID header (EventSource sends it on reconnect) or
 * ?after=. Not a positive safe integer: none (a fresh stream, no catch-up).
 */
export function parseAfter(header: string | null, query: string | null): number | null {
  const raw = header?.trim() || query?.trim() || "";
  if (!/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

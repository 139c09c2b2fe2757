import { NextRequest } from "next/server";
import type { RealtimeEvent } from "./events";

export interface SseEvent {
  id: string | null;
  event: RealtimeEvent;
}

/** A test's EventSource: reads a text/event-stream body event by event. */
export class SseReader {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  /** Comments seen (heartbeats). */
  comments: string[] = [];

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** The next event; rejects after `ms` without one. */
  async next(ms = 2_000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no event in time");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((r) => (timer = setTimeout(() => r(null), left))),
      ]);
      clearTimeout(timer);
      if (chunk === null) throw new Error("no event in time");
      if (chunk.done) throw new Error("stream ended");
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Reads until a comment containing `text` (a heartbeat) arrives. */
  async comment(text: string, ms = 2_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.comments.some((c) => c.includes(text))) {
      if (Date.now() > deadline) throw new Error("no comment in time");
      await this.next(deadline - Date.now()).then(
        (e) => {
          throw new Error(`unexpected event ${JSON.stringify(e)}`);
        },
        (err: Error) => {
          if (err.message !== "no event in time") throw err;
        },
      );
    }
  }

  private take(): SseEvent | null {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end < 0) return null;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | null = null;
      let data: string | null = null;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line);
        else if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("data: ")) data = line.slice(6);
      }
      if (data !== null) return { id, event: JSON.parse(data) as RealtimeEvent };
    }
  }
}

type Handler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/** Opens GET /api/v2/realtime/stream through its route handler, as a browser would. */
export async function openStream(
  handler: Handler,
  auth: { token?: string; cookie?: string },
  opts: { lastEventId?: string; after?: string } = {},
) {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  if (opts.lastEventId) headers["last-event-id"] = opts.lastEventId;
  const url = new URL("http://localhost/api/v2/realtime/stream");
  if (opts.after) url.searchParams.set("after", opts.after);
  const response = await handler(new NextRequest(url, { headers, signal: abort.signal }), {
    params: Promise.resolve({}),
  });
  const reader = response.body!.getReader();
  return {
    response,
    sse: new SseReader(reader),
    close: () => {
      abort.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

export const newMessage = (chatId: number, messageId: number, senderId: number): RealtimeEvent => ({
  type: "new-message",
  chat_id: chatId,
  message_id: messageId,
  sender_id: senderId,
  at: new Date().toISOString(),
});

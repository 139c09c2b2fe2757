import "server-only";
import { Client } from "pg";
import type { DbHandle } from "@/db";

export interface ListenerHooks {
  onPayload: (payload: string) => void;
  /**
   * The listener is back after losing its connection: notifications sent meanwhile are gone,
   * so whoever relies on them catches up from the database.
   */
  onReconnect?: () => void;
}

export interface Listener {
  stop: () => Promise<void>;
}

/** Waits between reconnect attempts: 0.25 s doubling to 30 s. */
export const reconnectDelay = (attempt: number): number =>
  Math.min(30_000, 250 * 2 ** Math.min(attempt, 7));

/**
 * LISTENs on `channel` of the app's database (DESIGN.md §7: realtime events fan out across
 * instances through NOTIFY). PGlite: its listen API on the one client (a NOTIFY sent in a
 * transaction arrives after commit). PostgreSQL: a dedicated connection, not one of the pool's
 * (a pooled connection goes back to the pool and its LISTEN with it); when it breaks (server
 * restart, network) it reconnects with backoff and LISTENs again.
 */
export async function listen(
  source: DbHandle["notifications"],
  channel: string,
  hooks: ListenerHooks,
): Promise<Listener> {
  if (source.kind === "pglite") {
    const unlisten = await source.client.listen(channel, hooks.onPayload);
    return { stop: () => unlisten().catch(() => undefined) };
  }
  return postgresListener(source.url, channel, hooks);
}

async function postgresListener(
  url: string,
  channel: string,
  hooks: ListenerHooks,
): Promise<Listener> {
  let stopped = false;
  let client: Client | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url });
    // An error on the open connection (server restart) is handled by the end event below.
    c.on("error", (err) => console.error("[realtime] listener connection error", err.message));
    c.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) hooks.onPayload(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    c.on("end", () => {
      if (client === c) client = null;
      if (!stopped) schedule();
    });
  };

  const schedule = () => {
    if (timer || stopped) return;
    const delay = reconnectDelay(attempt++);
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => {
          attempt = 0;
          hooks.onReconnect?.();
        },
        (err: Error) => {
          console.error("[realtime] listener reconnect failed", err.message);
          schedule();
        },
      );
    }, delay);
    timer.unref?.();
  };

  // The first connection must work: a stream that cannot listen answers an error at once.
  await connect();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

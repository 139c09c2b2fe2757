import "server-only";
import { randomUUID } from "node:crypto";
import { getDbHandle, type DbHandle } from "@/db";
import { ablyPublisher } from "./ably";
import { RealtimeHub } from "./hub";
import { listen, type Listener } from "./listener";
import { REALTIME_CHANNEL } from "./channel";

export interface RunningHub {
  hub: RealtimeHub;
  stop: () => Promise<void>;
}

/**
 * A hub listening on a database: the process-wide one (realtimeHub), or, in tests, a second
 * "app instance" on the same PostgreSQL with its own listener connection.
 */
export async function startHub(
  handle: DbHandle,
  instanceId: string = randomUUID(),
): Promise<RunningHub> {
  const hub = new RealtimeHub(instanceId, ablyPublisher());
  const listener: Listener = await listen(handle.notifications, REALTIME_CHANNEL, {
    onPayload: (raw) => hub.deliver(raw),
    onReconnect: () => hub.resync(),
  });
  return { hub, stop: listener.stop };
}

// Route handlers, pages and actions are separate bundles: one hub per process, not per bundle.
const holder = globalThis as unknown as {
  __crewdeckRealtimeId?: string;
  __crewdeckRealtime?: Promise<RunningHub>;
};

/** This process's id in NOTIFY payloads (the origin publishes to Ably). */
export function realtimeInstanceId(): string {
  return (holder.__crewdeckRealtimeId ??= randomUUID());
}

/** Whether this process's hub is listening already (or starting). */
export const realtimeHubStarted = (): boolean => holder.__crewdeckRealtime !== undefined;

/**
 * This process's hub, started on first use (the first stream, or at start when Ably is on):
 * never at import, so `next build` connects to nothing. A failed start is retried next time.
 */
export function realtimeHub(): Promise<RealtimeHub> {
  holder.__crewdeckRealtime ??= getDbHandle()
    .then((handle) => startHub(handle, realtimeInstanceId()))
    .catch((err) => {
      holder.__crewdeckRealtime = undefined;
      throw err;
    });
  return holder.__crewdeckRealtime.then((r) => r.hub);
}

/** Tests: stop the process-wide hub (its listener) so the next use starts afresh. */
export async function stopRealtimeHub(): Promise<void> {
  const running = holder.__crewdeckRealtime;
  holder.__crewdeckRealtime = undefined;
  await (await running?.catch(() => undefined))?.stop();
}

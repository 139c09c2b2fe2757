import "server-only";
import { sql } from "drizzle-orm";
import { getDbHandle, type DbOrTx } from "@/db";
import type { RealtimeEvent } from "./events";
import type { RealtimePayload } from "./hub";
import { ablyEnabled } from "./ably";
import { REALTIME_CHANNEL } from "./channel";
import { realtimeHub, realtimeHubStarted, realtimeInstanceId } from "./server";

export type { RealtimeEvent } from "./events";
export { REALTIME_CHANNEL } from "./channel";

/**
 * Publishes an event to these users, in the caller's transaction: PostgreSQL delivers a NOTIFY
 * only when the transaction commits, so a rolled-back change announces nothing. Every instance
 * listens and hands the event to its own connected users (SSE); with Ably configured, the
 * instance that published (named in the payload) also hands it to Ably when it hears it.
 */
export async function publishRealtime(
  tx: DbOrTx,
  userIds: readonly number[],
  event: RealtimeEvent,
): Promise<void> {
  if (userIds.length === 0) return;
  if (ablyEnabled() && !realtimeHubStarted()) await startForAbly();
  const payload: RealtimePayload = {
    users: [...new Set(userIds)],
    event,
    origin: realtimeInstanceId(),
  };
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * With Ably the publishing instance must be listening before this transaction commits, or it
 * never hears the NOTIFY it should forward. The app starts its hub at boot then
 * (instrumentation.ts); this covers a process that did not. PostgreSQL only: PGlite has one
 * connection, busy with the caller's transaction, so its listener cannot start from inside it.
 */
async function startForAbly(): Promise<void> {
  if ((await getDbHandle()).kind === "postgres") await realtimeHub().catch(() => undefined);
}
